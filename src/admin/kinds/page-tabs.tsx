/**
 * The tabs of the kinds that make one page of the site (the press kit: its bios and files, photos and quotes; OwnPage in
 * src/content/fields/declare.ts): the menu names the group once, and each of its admin pages leads with a link to each
 * of them and to the public page they make, in the admin's language.
 */
import { NavLink } from 'react-router';
import type { Kind } from '../../content/fields/declare';
import { PRESS_PAGE_PATHS } from '../../content/press-paths';
import { adminLanguage } from '../language';
import { say, wordsOf } from './form-model';
import { pageGroup } from './edited';
import { t } from '../words';

/** The public page each group makes, in the admin's language. */
const PUBLIC_PAGE = { press: () => PRESS_PAGE_PATHS[adminLanguage()] } as const;

export function PageTabs({ kind }: { kind: Kind }) {
  const group = pageGroup(kind);
  if (!kind.page || group.length < 2) return null;
  return (
    <nav className="page-tabs" aria-label={say(wordsOf(group[0]!).label)}>
      <ul>
        {group.map((k) => (
          <li key={k.name}>
            <NavLink to={`/admin/${k.name}`} end>
              {say(wordsOf(k).label)}
            </NavLink>
          </li>
        ))}
      </ul>
      <a href={PUBLIC_PAGE[kind.page]()} target="_blank" rel="noopener">
        {t('viewPressPage')}
        <span className="sr-only"> {t('opensNewTab')}</span>
      </a>
    </nav>
  );
}
