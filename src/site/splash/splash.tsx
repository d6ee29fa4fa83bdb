import { useState } from 'react';
import { siteConfig } from '../../../site.config';
import { useI18n } from '../../i18n/i18n';
import { sinceStart } from '../../lib/timing';
import { useIsomorphicLayoutEffect, usePreferences } from '../../preferences/use-preferences';

export const SPLASH_STEP = 25;
export const SPLASH_STEP_MS = 200;
export const SPLASH_FADE_MS = 500;
/** 0 → 100 in steps of 25 every 200 ms: full at 800 ms, the "about 0.8 s" of the spec. */
export const SPLASH_VISIBLE_MS = (100 / SPLASH_STEP) * SPLASH_STEP_MS;

type Phase = 'static' | 'progress' | 'fading' | 'gone';

/**
 * The loading splash. Prerendered with a CSS-only timeline (so it also leaves without JavaScript);
 * once hydrated, timers take over, counting from the start of the page load.
 */
export function Splash() {
  const { t } = useI18n();
  const { reduceMotion } = usePreferences();
  const [phase, setPhase] = useState<Phase>('static');
  const [progress, setProgress] = useState(0);

  useIsomorphicLayoutEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const elapsed = sinceStart();
      const value = Math.min(100, Math.floor(elapsed / SPLASH_STEP_MS) * SPLASH_STEP);
      setProgress(value);
      if (value < 100) {
        setPhase('progress');
        timer = setTimeout(tick, SPLASH_STEP_MS - (elapsed % SPLASH_STEP_MS));
      } else if (elapsed < SPLASH_VISIBLE_MS + SPLASH_FADE_MS) {
        setPhase('fading');
        timer = setTimeout(() => setPhase('gone'), SPLASH_VISIBLE_MS + SPLASH_FADE_MS - elapsed);
      } else {
        setPhase('gone');
      }
    };
    tick();
    return () => clearTimeout(timer);
  }, []);

  // Reduce motion: no fade, the splash simply goes at 0.8 s.
  if (phase === 'gone' || (phase === 'fading' && reduceMotion)) return null;
  return (
    <div className="splash" data-phase={phase} aria-hidden="true">
      <div className="splash__inner">
        <p className="splash__name">{siteConfig.artist.name}</p>
        <p className="splash__subtitle">{t('splash.subtitle')}</p>
        <div
          className="splash__bar"
          role="progressbar"
          aria-label={t('splash.loading')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          data-step={progress / SPLASH_STEP}
        >
          <span className="splash__fill" />
        </div>
      </div>
    </div>
  );
}
