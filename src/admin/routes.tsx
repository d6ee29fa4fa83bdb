import type { RouteObject } from 'react-router';
import { AdminLayout, Dashboard } from './layout';
import { ErrorPage } from './pages/error-page';
import { AccountPage } from './pages/account';
import { LoginPage } from './pages/login';
import { CollaboratorsPage, ReleasesPage } from './pages/releases';
import { SettingsPage } from './pages/settings';
import { StatsPage } from './pages/stats';

/** The admin's pages. The build also writes one file per address from this table (adminPagePaths). */
export const adminRoutes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { path: '/admin/login', element: <LoginPage /> },
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <Dashboard /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'stats', element: <StatsPage /> },
          { path: 'releases', element: <ReleasesPage /> },
          { path: 'collaborators', element: <CollaboratorsPage /> },
          { path: 'account', element: <AccountPage /> },
        ],
      },
    ],
  },
];

/**
 * Every address the router has a page for, without parameters or catch-alls ("/admin",
 * "/admin/login", "/admin/settings", …): scripts/prerender.ts writes the admin's page at each, so a
 * static host with no fallback at all serves the admin there.
 */
export function adminPagePaths(routes: RouteObject[] = adminRoutes, parent = ''): string[] {
  const paths = new Set<string>();
  for (const route of routes) {
    const path =
      route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.path !== undefined && (route.element || route.Component || route.lazy) && !/[:*]/.test(path)) paths.add(path);
    if (route.index && parent) paths.add(parent);
    for (const child of adminPagePaths(route.children ?? [], path)) paths.add(child);
  }
  return [...paths];
}
