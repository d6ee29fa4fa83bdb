import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AdminProvider } from './auth';
import { loadAdminBackend } from './backend';
import { createAdminRoutes } from './routes';
import './admin.css';

// The backend first: the content pages' loaders read through it.
const admin = await loadAdminBackend();
const router = createBrowserRouter(createAdminRoutes(admin));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminProvider admin={admin}>
      <RouterProvider router={router} />
    </AdminProvider>
  </StrictMode>,
);
