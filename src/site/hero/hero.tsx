import { siteConfig } from '../../../site.config';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { useAfterStart } from '../../lib/timing';
import { SPLASH_FADE_MS, SPLASH_VISIBLE_MS } from '../splash/splash';
import { usePreferences } from '../../preferences/use-preferences';
import { scrollToSection } from '../shared/scroll';

export const HERO_CTA_DELAY_MS = 1000;

export function Hero() {
  const { t, lang } = useI18n();
  const { content, loading } = useContent();
  const { reduceMotion } = usePreferences();
  const ctaShown = useAfterStart(HERO_CTA_DELAY_MS);
  // When the content is read after load (Firebase), the hero's text waits under the splash for it, so
  // a saved title never shifts the layout in view. Past the splash, what is there shows regardless.
  const splashGone = useAfterStart(SPLASH_VISIBLE_MS + SPLASH_FADE_MS);
  const waiting = loading && splashGone === false;
  const title = content.settings?.[`heroTitle_${lang}`]?.trim() || t('hero.title');
  const go = (id: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    scrollToSection(id, reduceMotion);
  };
  return (
    <section id="hero" className="hero" tabIndex={-1} aria-labelledby="hero-title">
      <div className="hero__inner" data-waiting={waiting || undefined}>
        {/* Who this is, at a readable size beside the heading, then what he does and where (issue 32). */}
        <p className="hero__name">{siteConfig.artist.name}</p>
        <p className="eyebrow">{t('hero.eyebrow', { location: siteConfig.artist.location[lang] })}</p>
        <h1 id="hero-title" className="hero__title">
          {title}
        </h1>
        <p className="hero__lead">{t('hero.lead')}</p>
        <div className="hero__cta" data-shown={String(ctaShown)}>
          <a className="button button--primary" href="#about" onClick={go('about')}>
            {t('hero.primary')}
          </a>
          <a className="button button--secondary" href="#services" onClick={go('services')}>
            {t('hero.secondary')}
          </a>
        </div>
      </div>
      <a className="hero__hint" href="#about" onClick={go('about')}>
        {t('hero.scrollHint')}
        <span className="hero__hint-arrow" aria-hidden="true" />
      </a>
    </section>
  );
}
