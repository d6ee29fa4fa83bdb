import { siteConfig } from '../../../site.config';
import { useI18n } from '../../i18n/i18n';

/** `counted`: the site counts visits (Scena's server, src/audience/track.ts), and says in one line what it counts. */
export function Footer({ counted = false }: { counted?: boolean }) {
  const { t, lang } = useI18n();
  return (
    <footer className="footer">
      <p suppressHydrationWarning>{t('footer.rights', { year: new Date().getFullYear(), artist: siteConfig.artist.name })}</p>
      <p>{t('footer.madeIn', { location: siteConfig.artist.location[lang] })}</p>
      {counted && <p className="footer__privacy">{t('footer.counted')}</p>}
    </footer>
  );
}
