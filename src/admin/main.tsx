import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AdminProvider } from './auth';
import { loadAdminBackend } from './backend';
import { adminRoutes } from './routes';
import './admin.css';

const router = createBrowserRouter(adminRoutes);

const admin = await loadAdminBackend();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminProvider admin={admin}>
      <RouterProvider router={router} />
    </AdminProvider>
  </StrictMode>,
);
