/**
 * Renders the admin's real routes (src/admin/routes.tsx) at an address, with a backend the test gives, for the unit
 * tests of its pages: the loaders read through that backend and the actions write through it, as in the browser.
 */
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ContentAdmin } from '../../content/backend';
import { paced } from '../../../scripts/pace';
import { AdminProvider } from '../auth';
import { createAdminRoutes } from '../routes';

// A page's loaders and actions run through the router's transitions: on a busy machine one takes more than the
// default second (10 s at CI's pace: scripts/pace.ts).
configure({ asyncUtilTimeout: paced(5_000) });

export function renderAdmin(backend: object, path: string) {
  const admin = { kind: 'server' as const, backend: backend as ContentAdmin };
  const router = createMemoryRouter(createAdminRoutes(admin), { initialEntries: [path] });
  const view = render(
    <AdminProvider admin={admin}>
      <RouterProvider router={router} />
    </AdminProvider>,
  );
  return { ...view, router };
}
