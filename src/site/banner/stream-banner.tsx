import { siteConfig } from '../../../site.config';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';

export function StreamBanner() {
  const { t } = useI18n();
  const links = useContent().content.settings?.links;
  return (
    <aside className="banner" aria-label={t('banner.label')}>
      <p>
        <span className="banner__text">{t('banner.text')}</span>{' '}
        <ExternalLink href={safeHttps(links?.youtube, siteConfig.defaultLinks.youtube)}>{t('banner.watch')}</ExternalLink>
        <span aria-hidden="true"> · </span>
        <ExternalLink href={safeHttps(links?.spotify, siteConfig.defaultLinks.spotify)}>{t('banner.listen')}</ExternalLink>
      </p>
    </aside>
  );
}
