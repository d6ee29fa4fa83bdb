/**
 * Visitors (/admin/visitors, issue 33; docs/decisions/0047): the visitors' numbers as a page of their own in the
 * menu, where Scena's server counts them; the dashboard keeps their two totals and a link here. On a backend that
 * counts nothing (Firebase) the address still answers, saying why there are no numbers, and the menu has no entry.
 */
import { t } from '../words';
import { VisitorNumbers } from './audience';

export function VisitorsPage() {
  return (
    <>
      <h1>{t('navVisitors')}</h1>
      <VisitorNumbers />
    </>
  );
}
