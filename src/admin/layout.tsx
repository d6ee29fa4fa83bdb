import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { KINDS } from '../content/kinds';
import { useAdmin } from './auth';
import { VisitorsGlance } from './dashboard/audience';
import { NextRelease } from './dashboard/next-release';
import { LinkPageCard } from './dashboard/link-page-card';
import { Backups } from './dashboard/backups';
import { Checklist } from './dashboard/checklist';
import { useUnread } from './inbox/use-unread';
import { say, wordsOf } from './kinds/form-model';
import { kindLinks } from './kinds/routes';
import { pageGroup } from './kinds/edited';
import { LanguageSwitch } from './language-switch';
import { t, tCount } from './words';

const INBOX = '/admin/inbox';
const FANS = '/admin/fans';
const VISITORS = '/admin/visitors';

/**
 * A page the menu names shorter than its heading: Stats (the spec's link) is headed "Stats: monthly listeners", which is
 * all it holds (issue 33, docs/decisions/0047).
 */
const MENU_NAMES: Record<string, () => string> = { '/admin/stats': () => t('navStats') };

/**
 * The navigation's links, their names made at render time in the admin's language (a table of names made at module
 * load would keep the language the admin started in: docs/decisions/0031).
 */
function links(fans = false, visitors = false): { to: string; label: string; end?: boolean }[] {
  const kindName = (to: string) => {
    if (MENU_NAMES[to]) return MENU_NAMES[to]();
    const kind = KINDS.find((k) => `/admin/${k.name}` === to);
    return kind ? say(wordsOf(kind).label) : to;
  };
  return [
    { to: '/admin', label: t('navDashboard'), end: true },
    { to: INBOX, label: t('navInbox') },
    // The visitors' numbers (issue 33): where the backend counts them (Scena's server).
    ...(visitors ? [{ to: VISITORS, label: t('navVisitors') }] : []),
    // The own list and its letters (issue 28): where the backend keeps them (Scena's server).
    ...(fans
      ? [
          { to: FANS, label: t('navFans') },
          { to: '/admin/letters', label: t('navLetters') },
        ]
      : []),
    ...kindLinks.map((link) => ({ to: link.to, label: kindName(link.to) })),
    { to: '/admin/account', label: t('navAccount') },
  ];
}

/** The menu's entry of a page: the first kind's of its group (OwnPage: src/admin/kinds/edited.ts), else the page's own. */
function groupEntry(pathname: string): string {
  const kind = KINDS.find((k) => pathname === `/admin/${k.name}` || pathname.startsWith(`/admin/${k.name}/`));
  const first = kind && pageGroup(kind)[0];
  return first ? pathname.replace(`/admin/${kind.name}`, `/admin/${first.name}`) : pathname;
}

const unreadWords = (n: number) => t(n === 1 ? 'unreadOne' : 'unread', { n });

/** The admin layout and its guard: nothing while auth loads; signed-out or non-admin visitors go to the login. */
export function AdminLayout() {
  const { admin, auth } = useAdmin();
  const navigate = useNavigate();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const unread = useUnread(admin.kind === 'none' || auth.status !== 'signed-in' ? undefined : admin.backend);

  // Move focus to the page on navigation so screen readers announce the new page (not when the language switch,
  // which keeps its own focus, has just shown the page again in the other language).
  useEffect(() => {
    if (document.activeElement?.closest('.language-switch')) return;
    // A link to a field (`/admin/settings#email`): the page focuses that field itself (kind-form.tsx).
    if (location.hash) return;
    // A new page opens at its top, the header (the Menu, naming the page) in the first screen above it.
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new page only, not when only the hash changes
  }, [location.pathname]);

  if (admin.kind === 'none') {
    return (
      <main className="admin-login">
        <h1>Admin</h1>
        <p role="status">{admin.reason === 'firebase-incomplete' ? t('firebaseNotConfigured') : t('noBackend')}</p>
      </main>
    );
  }
  if (auth.status === 'loading') return null;
  if (auth.status === 'signed-out' || !auth.user.isAdmin) return <Navigate to="/admin/login" replace />;

  const signOut = async () => {
    await admin.backend.signOut().catch(() => {});
    navigate('/admin/login', { replace: true });
  };

  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        {t('skipToContent')}
      </a>
      <header className="admin__header">
        <AdminNav unread={unread} email={auth.user.email} onSignOut={signOut} />
      </header>
      <main id="admin-main" ref={main} tabIndex={-1} className="admin__main">
        <Outlet context={{ unread } satisfies LayoutContext} />
      </main>
    </div>
  );
}

/**
 * The navigation: on a phone one "Menu" button (a disclosure naming the current page and the unread count) is the whole
 * header, a single row; it opens the list of pages with the language switch, the account and Sign out under it (issue
 * 29, docs/decisions/0036). On a wide screen the same panel is the sidebar, always shown (admin.css). Escape closes the
 * open panel and gives the focus back to the button; choosing a page closes it.
 */
function AdminNav({ unread, email, onSignOut }: { unread: number | undefined; email: string; onSignOut(): void }) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { admin } = useAdmin();
  const all = links(admin.kind !== 'none' && Boolean(admin.backend.fans), admin.kind !== 'none' && Boolean(admin.backend.audience));
  // A page of a group (the press kit's photos, its quotes) is named by the group's entry.
  const path = groupEntry(location.pathname);
  const within = (to: string) => path === to || path.startsWith(`${to}/`);
  const here = all.find((link) => (link.end ? path.replace(/\/$/, '') === link.to : within(link.to))) ?? all[0]!;

  // A page chosen (or any navigation): the menu closes.
  useEffect(() => setOpen(false), [location.pathname]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  // Its name reads "Menu · Releases · 2 unread"; on a narrow phone the page's name may be cut short (…), never the count.
  return (
    <nav aria-label={t('adminNav')} className={`admin__nav${open ? ' admin__nav--open' : ''}`} onKeyDown={onKeyDown}>
      <button ref={button} type="button" className="admin__menu" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className="admin__menu-icon" />
        <span className="admin__menu-text">{`${t('menu')} · ${here.label}`}</span>
        {unread ? (
          <span className="admin__menu-count">
            <span className="sr-only"> · </span>
            {unreadWords(unread)}
          </span>
        ) : null}
      </button>
      <div id={`${id}-panel`} className="admin__panel">
        <ul>
          {all.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end}>
                {link.label}
                {link.to === INBOX && unread ? (
                  <span className="nav-count">
                    {' '}
                    {unread}
                    <span className="sr-only"> {t(unread === 1 ? 'unreadOne' : 'unread', { n: '' }).trim()}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="admin__tools">
          <LanguageSwitch />
          <p className="admin__user">{email}</p>
          <button type="button" className="button button--secondary button--small" onClick={onSignOut}>
            {t('signOut')}
          </button>
        </div>
      </div>
    </nav>
  );
}

/** What the layout gives its pages: the inbox's unread count (undefined until read). */
interface LayoutContext {
  unread: number | undefined;
}

export function Dashboard() {
  const { unread } = useOutletContext<LayoutContext>();
  return (
    <>
      <h1>{t('dashboardTitle')}</h1>
      <Backups />
      <Checklist />
      {unread !== undefined && (
        <p className="dashboard__inbox">
          <Link to={INBOX}>{unread === 0 ? t('noUnread') : tCount('unreadRequests', unread)}</Link>
          {unread === 0 ? '.' : t('inTheInbox')}
        </p>
      )}
      <p>{t('welcome')}</p>
      <p>
        <a href="/" target="_blank" rel="noopener">
          {t('openPublicSite')}
        </a>
      </p>
      <div className="glances">
        <NextRelease />
        <VisitorsGlance />
        <LinkPageCard />
      </div>
    </>
  );
}
