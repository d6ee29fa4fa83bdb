import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Release } from '../../content/model';
import { nextScheduled, releaseTime } from '../../content/release-cycle';
import { releaseDate } from '../../site/music/release-words';
import { useBackend } from '../auth';
import { errorMessage } from '../use-save-status';
import { EMPTY_CONTENT } from '../../content/page-data';

type State = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; next: Release | undefined };

const DAY = 86_400_000;

/** The next scheduled release (the release cycle's own rule, src/content/release-cycle.ts), on every backend. */
export function NextRelease() {
  const backend = useBackend();
  const [state, setState] = useState<State>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    backend.list('releases').then(
      (releases) => live && setState({ state: 'done', next: nextScheduled({ ...EMPTY_CONTENT, releases }, Date.now()) }),
      (error: unknown) => live && setState({ state: 'error', message: errorMessage(error, 'The releases could not be read.') }),
    );
    return () => {
      live = false;
    };
  }, [backend]);

  return (
    <section className="glance" aria-labelledby="next-release-title">
      <h2 id="next-release-title">Next release</h2>
      {state.state === 'loading' ? (
        <p role="status">Loading…</p>
      ) : state.state === 'error' ? (
        <p role="alert">{state.message}</p>
      ) : state.next ? (
        <p>
          {/* The title leads to the Releases page, where it is edited (not a second link named "Releases"). */}
          <Link to="/admin/releases">{state.next.title}</Link>, out on {releaseDate(state.next.date, 'en')} on your clock ({inDays(state.next)}).
        </p>
      ) : (
        <p>
          Nothing is scheduled. A release with a date ahead is announced as &ldquo;Coming soon&rdquo; and goes out by itself.{' '}
          <Link to="/admin/releases">Schedule a release</Link>
        </p>
      )}
    </section>
  );
}

function inDays(release: Release): string {
  // nextScheduled only answers releases with a date ahead.
  const days = Math.ceil(((releaseTime(release) ?? Date.now()) - Date.now()) / DAY);
  return days <= 1 ? 'within a day' : `in ${days} days`;
}
