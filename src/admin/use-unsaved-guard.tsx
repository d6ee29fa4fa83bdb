import { useEffect } from 'react';
import { holdUnsaved } from './language';
import { t } from './words';
import { useBlocker } from 'react-router';

/** Unsaved changes are never lost silently: leaving the page (in the app or the browser) asks first. */
export function UnsavedGuard(props: { dirty: boolean }) {
  const { dirty } = props;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  // A language switch shows the page again: it asks first while this form has changes (../language.ts).
  useEffect(() => (dirty ? holdUnsaved() : undefined), [dirty]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  if (blocker.state !== 'blocked') return null;
  return (
    <div className="confirm" role="alertdialog" aria-modal="false" aria-labelledby="unsaved-title" aria-describedby="unsaved-text">
      <h2 id="unsaved-title">{t('unsavedTitle')}</h2>
      <p id="unsaved-text">{t('unsavedText')}</p>
      <div className="actions">
        <button type="button" className="button button--primary" autoFocus onClick={() => blocker.reset()}>
          {t('stayOnPage')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => blocker.proceed()}>
          {t('leaveWithoutSaving')}
        </button>
      </div>
    </div>
  );
}
