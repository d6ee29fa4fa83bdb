import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** Unsaved changes are never lost silently: leaving the page (in the app or the browser) asks first. */
export function UnsavedGuard(props: { dirty: boolean }) {
  const { dirty } = props;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
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
      <h2 id="unsaved-title">Unsaved changes</h2>
      <p id="unsaved-text">You have changes that are not saved. Leave this page and lose them?</p>
      <div className="actions">
        <button type="button" className="button button--primary" autoFocus onClick={() => blocker.reset()}>
          Stay on this page
        </button>
        <button type="button" className="button button--secondary" onClick={() => blocker.proceed()}>
          Leave without saving
        </button>
      </div>
    </div>
  );
}
