import { useEffect, useRef, useState } from 'react';
import { siteConfig } from '../../../site.config';
import { track } from '../../audience/track';
import { FANS_META } from '../../content/page-data';
import { offersOwnList } from '../../content/fans';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { CHUNK_TIMEOUT_MS } from '../../lib/chunk';
import { useBookingSetup } from '../booking/booking-intent';
import { useNearViewport } from '../shared/use-near-viewport';
// Scena's own list (issue 28): the form is in the server's HTML and works as a plain form; its code (the words, the
// sending in place) is part of this chunk, which loads as the section nears the view, never before the first
// interaction. (A chunk of its own, imported from here, made the bundler split the page's dictionaries out of the
// entry: 0.7 KB more before interaction.)
import FansSignup from './fans-client';

type FormState = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * The Newsletter section's content (the section itself is the page's, src/site/app.tsx; this is its chunk, loaded as it
 * nears the view): Scena's own list on Scena's server with mail set up (server/pages.ts says so) unless Settings choose
 * the Kit form; else the Kit form.
 */
export default function Newsletter() {
  const { t } = useI18n();
  const setup = useBookingSetup();
  const { settings } = useContent().content;
  // Mail set up on the server: as it renders the page, or as the page's meta says in the browser (the same answer).
  const [mailMeta] = useState(() => typeof document !== 'undefined' && document.querySelector(`meta[name="${FANS_META}"]`) !== null);
  const own = offersOwnList(setup.backend === 'server' && (setup.fansMail ?? mailMeta), settings);
  // The uid chosen in Settings (server and Firebase, checked there as letters and digits); a static build keeps the
  // one it was built with.
  const uid = (setup.backend !== 'none' && settings?.kitUid) || siteConfig.newsletter.uid;
  if (own) {
    return (
      <>
        <p className="lede">{t('newsletter.heading')}</p>
        <p>{t('newsletter.text')}</p>
        <div className="newsletter__form newsletter__form--own">
          <FansSignup />
        </div>
      </>
    );
  }
  return <KitForm uid={uid} />;
}

/**
 * The third-party signup form: its script (with the data-uid attribute it needs) is added only when
 * the visitor nears the section, and given up on after the spec's 120 s script time-out.
 */
function KitForm(props: { uid: string }) {
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
    script.src = siteConfig.newsletter.scriptUrl.replace(siteConfig.newsletter.uid, props.uid);
    script.dataset.uid = props.uid;
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
  }, [near, attempt, props.uid]);

  return (
    <>
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
    </>
  );
}
