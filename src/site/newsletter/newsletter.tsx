import { useEffect, useRef, useState } from 'react';
import { siteConfig } from '../../../site.config';
import { track } from '../../audience/track';
import { useI18n } from '../../i18n/i18n';
import { CHUNK_TIMEOUT_MS } from '../../lib/chunk';
import { Section } from '../shared/section';
import { useNearViewport } from '../shared/use-near-viewport';

type FormState = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * The third-party signup form: its script (with the data-uid attribute it needs) is added only when
 * the visitor nears the section, and given up on after the spec's 120 s script time-out.
 */
export function Newsletter() {
  const { t } = useI18n();
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  const slot = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FormState>('idle');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const container = slot.current;
    if (!near || !container) return;
    setState('loading');
    const script = document.createElement('script');
    script.async = true;
    script.src = siteConfig.newsletter.scriptUrl;
    script.dataset.uid = siteConfig.newsletter.uid;
    // Each outcome is reported once for the fan numbers (src/audience/track.ts).
    const fail = () => {
      clearTimeout(timer);
      script.onload = script.onerror = null;
      setState('failed');
      track('newsletter-failed');
    };
    const timer = setTimeout(fail, CHUNK_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      setState('loaded');
      track('newsletter-loaded');
    };
    script.onerror = fail;
    container.replaceChildren(script);
    return () => {
      clearTimeout(timer);
      script.onload = script.onerror = null;
      container.replaceChildren();
    };
  }, [near, attempt]);

  return (
    <Section id="newsletter" title={t('newsletter.title')}>
      <p className="lede">{t('newsletter.heading')}</p>
      <p>{t('newsletter.text')}</p>
      <div ref={nearRef} className="newsletter__form" data-state={state}>
        <div ref={slot} className="newsletter__slot" hidden={state === 'failed'} />
        {(state === 'idle' || state === 'loading') && (
          <p className="newsletter__status" role="status">
            {t('newsletter.loading')}
          </p>
        )}
        {state === 'failed' && (
          <div className="newsletter__status" role="alert">
            <p>{t('newsletter.failed')}</p>
            <button type="button" className="button button--secondary" onClick={() => setAttempt(attempt + 1)}>
              {t('newsletter.retry')}
            </button>
          </div>
        )}
      </div>
    </Section>
  );
}
