import { siteConfig } from '../../../site.config';
import { featuredRelease } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { useNow } from '../shared/now';

/** The announcement leads to the featured release where it has the platform's link, else to the artist's profiles. */
export function StreamBanner() {
  const { t } = useI18n();
  const { content } = useContent();
  const links = content.settings?.links;
  const release = featuredRelease(content, useNow());
  const featured = release?.links;
  const featuredWatch = safeHttps(featured?.youtube, '');
  const featuredListen = safeHttps(featured?.spotify, '');
  const watch = featuredWatch || safeHttps(links?.youtube, siteConfig.defaultLinks.youtube);
  const listen = featuredListen || safeHttps(links?.spotify, siteConfig.defaultLinks.spotify);
  return (
    <aside className="banner" aria-label={t('banner.label')}>
      <p>
        <span className="banner__text">{t('banner.text')}</span>{' '}
        <ExternalLink href={watch} platform="youtube" release={featuredWatch ? release?.slug : undefined}>
          {t('banner.watch')}
        </ExternalLink>
        <span aria-hidden="true"> · </span>
        <ExternalLink href={listen} platform="spotify" release={featuredListen ? release?.slug : undefined}>
          {t('banner.listen')}
        </ExternalLink>
      </p>
    </aside>
  );
}
