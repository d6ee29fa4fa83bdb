import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AdminProvider } from './auth';
import { loadAdminBackend } from './backend';
import { AdminLayout, Dashboard } from './layout';
import { ErrorPage } from './pages/error-page';
import { LoginPage } from './pages/login';
import { CollaboratorsPage, ReleasesPage } from './pages/releases';
import { SettingsPage } from './pages/settings';
import { StatsPage } from './pages/stats';
import './admin.css';

const router = createBrowserRouter([
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
        ],
      },
    ],
  },
]);

const admin = await loadAdminBackend();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminProvider admin={admin}>
      <RouterProvider router={router} />
    </AdminProvider>
  </StrictMode>,
);
