import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Release } from '../../content/model';
import { nextScheduled, releaseTime } from '../../content/release-cycle';
import { releaseDate } from '../../site/music/release-words';
import { useBackend } from '../auth';
import { errorMessage } from '../use-save-status';
import { EMPTY_CONTENT } from '../../content/page-data';
import { adminLanguage } from '../language';
import { t, tCount } from '../words';

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
      (error: unknown) => live && setState({ state: 'error', message: errorMessage(error, t('releasesUnreadable')) }),
    );
    return () => {
      live = false;
    };
  }, [backend]);

  return (
    <section className="glance" aria-labelledby="next-release-title">
      <h2 id="next-release-title">{t('nextRelease')}</h2>
      {state.state === 'loading' ? (
        <p role="status">{t('loadingEllipsis')}</p>
      ) : state.state === 'error' ? (
        <p role="alert">{state.message}</p>
      ) : state.next ? (
        <p>
          {/* The title leads to the Releases page, where it is edited (not a second link named "Releases"). */}
          <Link to="/admin/releases">{state.next.title}</Link>
          {t('nextReleaseOut', { date: releaseDate(state.next.date, adminLanguage()), when: inDays(state.next) })}
        </p>
      ) : (
        <p>
          {t('nothingScheduled')} <Link to="/admin/releases">{t('scheduleRelease')}</Link>
        </p>
      )}
    </section>
  );
}

function inDays(release: Release): string {
  // nextScheduled only answers releases with a date ahead.
  const days = Math.ceil(((releaseTime(release) ?? Date.now()) - Date.now()) / DAY);
  return days <= 1 ? t('withinADay') : tCount('inDays', days);
}
