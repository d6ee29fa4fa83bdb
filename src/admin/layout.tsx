import { useEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { useAdmin } from './auth';
import { Audience } from './dashboard/audience';
import { NextRelease } from './dashboard/next-release';
import { Backups } from './dashboard/backups';
import { Checklist } from './dashboard/checklist';
import { useUnread } from './inbox/use-unread';
import { kindLinks } from './kinds/routes';

const INBOX = '/admin/inbox';

const LINKS: { to: string; label: string; end?: boolean }[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: INBOX, label: 'Inbox' },
  ...kindLinks,
  { to: '/admin/account', label: 'Account' },
];

/** The admin layout and its guard: nothing while auth loads; signed-out or non-admin visitors go to the login. */
export function AdminLayout() {
  const { admin, auth } = useAdmin();
  const navigate = useNavigate();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const unread = useUnread(admin.kind === 'none' || auth.status !== 'signed-in' ? undefined : admin.backend);

  // Move focus to the page on navigation so screen readers announce the new page.
  useEffect(() => {
    main.current?.focus();
  }, [location.pathname]);

  if (admin.kind === 'none') {
    return (
      <main className="admin-login">
        <h1>Admin</h1>
        <p role="status">
          {admin.reason === 'firebase-incomplete' ? 'Firebase not configured.' : 'No content backend is configured, so the admin is not available.'}
        </p>
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
        Skip to content
      </a>
      <header className="admin__header">
        <nav aria-label="Admin">
          <ul>
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end}>
                  {link.label}
                  {link.to === INBOX && unread ? (
                    <span className="nav-count">
                      {' '}
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="admin__user">{auth.user.email}</p>
        <button type="button" className="button button--secondary" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="admin-main" ref={main} tabIndex={-1} className="admin__main">
        <Outlet context={{ unread } satisfies LayoutContext} />
      </main>
    </div>
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
      <h1>Dashboard</h1>
      <Backups />
      <Checklist />
      {unread !== undefined && (
        <p className="dashboard__inbox">
          <Link to={INBOX}>{unread === 0 ? 'No unread booking requests' : `${unread} unread booking request${unread === 1 ? '' : 's'}`}</Link>
          {unread === 0 ? '.' : ' in the inbox.'}
        </p>
      )}
      <p>
        Welcome. Use the navigation to manage the site&apos;s content (settings, stats, releases, collaborators, services and their samples, credits,
        testimonials, images and audio) and to read booking requests.
      </p>
      <p>
        <a href="/" target="_blank" rel="noopener">
          Open the public site
        </a>
      </p>
      <div className="glances">
        <NextRelease />
      </div>
      <Audience />
    </>
  );
}
