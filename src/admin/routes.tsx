import type { RouteObject } from 'react-router';
import type { AdminBackend } from './backend';
import { FansPage } from './fans/fans-page';
import { inboxRoute } from './inbox/inbox-page';
import { kindRoutes } from './kinds/routes';
import { AdminLayout, Dashboard } from './layout';
import { ErrorPage } from './pages/error-page';
import { AccountPage } from './pages/account';
import { LoginPage } from './pages/login';
import { lettersRoutes } from './letters/letters-page';
import { VisitorsPage } from './dashboard/visitors-page';

/**
 * The admin's pages; those of the content come from its declarations, each reading and writing through
 * `admin`'s backend. The build also writes one file per address from this table (adminPagePaths).
 */
export function createAdminRoutes(admin: AdminBackend): RouteObject[] {
  return [
    {
      errorElement: <ErrorPage />,
      // While the first page's loader reads its content: nothing, rather than an empty form.
      hydrateFallbackElement: null,
      children: [
        { path: '/admin/login', element: <LoginPage /> },
        {
          path: '/admin',
          element: <AdminLayout />,
          children: [
            { index: true, element: <Dashboard /> },
            inboxRoute(admin.kind === 'none' ? undefined : admin.backend),
            // Every backend has the address (the build prerenders it); where nothing is counted it says why.
            { path: 'visitors', element: <VisitorsPage /> },
            { path: 'fans', element: <FansPage /> },
            ...kindRoutes(admin.kind === 'none' ? undefined : admin.backend),
            { path: 'account', element: <AccountPage /> },
            ...lettersRoutes(admin.kind === 'server' ? admin.backend : undefined),
          ],
        },
      ],
    },
  ];
}

/**
 * Every address the router has a page for, without parameters or catch-alls ("/admin",
 * "/admin/login", "/admin/settings", …): scripts/prerender.ts writes the admin's page at each, so a
 * static host with no fallback at all serves the admin there.
 */
export function adminPagePaths(routes: RouteObject[] = createAdminRoutes({ kind: 'none', reason: 'none' }), parent = ''): string[] {
  const paths = new Set<string>();
  for (const route of routes) {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.path !== undefined && (route.element || route.Component || route.lazy) && !/[:*]/.test(path)) paths.add(path);
    if (route.index && parent) paths.add(parent);
    for (const child of adminPagePaths(route.children ?? [], path)) paths.add(child);
  }
  return [...paths];
}
