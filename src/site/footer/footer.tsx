import { siteConfig } from '../../../site.config';
import { useI18n } from '../../i18n/i18n';

export function Footer() {
  const { t, lang } = useI18n();
  return (
    <footer className="footer">
      <p suppressHydrationWarning>{t('footer.rights', { year: new Date().getFullYear(), artist: siteConfig.artist.name })}</p>
      <p>{t('footer.madeIn', { location: siteConfig.artist.location[lang] })}</p>
    </footer>
  );
}
