/**
 * The dashboard's fan numbers per show (issue 23; docs/decisions/0033-shows-model.md): each show's ticket-link clicks
 * and calendar downloads over the chosen days, most clicked first, each show named as the admin knows it ("Form Space,
 * Cluj-Napoca · 5 Dec 2026"). Placed by one line in ./audience.tsx (the Visitors page); shown only once a show has a number.
 */
import { useEffect, useState } from 'react';
import type { AudienceReport } from '../../content/audience';
import type { Show } from '../../content/model';
import { parseLocal, wallTime } from '../../content/zoned-time';
import { useBackend } from '../auth';
import { adminLanguage } from '../language';
import { say } from '../kinds/form-model';
import { ADMIN_WORDS as W } from '../words';
import { NumbersTable } from './numbers-table';

/** A show as a line: its venue and city, and its day on its own clock. */
export function showName(show: Pick<Show, 'venue' | 'city' | 'start'>, lang: string = adminLanguage()): string {
  const p = parseLocal(wallTime(show.start));
  const day = p
    ? new Intl.DateTimeFormat(lang === 'ro' ? 'ro-RO' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        Date.UTC(p.year, p.month - 1, p.day),
      )
    : '';
  return [[show.venue, show.city].filter(Boolean).join(', '), day].filter(Boolean).join(' · ');
}

export function ShowsNumbers({ shows }: { shows: AudienceReport['shows'] }) {
  const backend = useBackend();
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const any = Boolean(shows && shows.length > 0);
  useEffect(() => {
    if (!any) return;
    let live = true;
    backend.list('shows').then(
      (items: Show[]) => live && setNames(new Map(items.map((s) => [s.id, showName(s)]))),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [backend, any]);
  if (!shows || shows.length === 0) return null;
  const number = new Intl.NumberFormat(adminLanguage() === 'ro' ? 'ro-RO' : 'en-GB');
  return (
    <NumbersTable
      title={say(W.showsTable)}
      head={[say(W.showColumn), say(W.ticketsColumn), say(W.calendarsColumn)]}
      rows={shows.map((s) => [names.get(s.show) ?? say(W.removedShow), number.format(s.tickets), number.format(s.calendars)])}
    />
  );
}
