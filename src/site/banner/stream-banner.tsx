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
  const featured = featuredRelease(content, useNow())?.links;
  const watch = safeHttps(featured?.youtube, '') || safeHttps(links?.youtube, siteConfig.defaultLinks.youtube);
  const listen = safeHttps(featured?.spotify, '') || safeHttps(links?.spotify, siteConfig.defaultLinks.spotify);
  return (
    <aside className="banner" aria-label={t('banner.label')}>
      <p>
        <span className="banner__text">{t('banner.text')}</span> <ExternalLink href={watch}>{t('banner.watch')}</ExternalLink>
        <span aria-hidden="true"> · </span>
        <ExternalLink href={listen}>{t('banner.listen')}</ExternalLink>
      </p>
    </aside>
  );
}
