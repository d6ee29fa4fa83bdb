import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { AdminProvider } from './auth';
import { loadAdminBackend } from './backend';
import { useAdminLanguage } from './language';
import { createAdminRoutes } from './routes';
import './admin.css';

/**
 * The pages in the admin's language: a switch shows them again (the router keeps its place and its loaded data), so
 * every word, those a page worked out once included, is looked up again in the new language (docs/decisions/0031).
 */
function Pages({ router }: { router: DataRouter }) {
  const language = useAdminLanguage();
  return <RouterProvider key={language} router={router} />;
}

// The backend first: the content pages' loaders read through it.
const admin = await loadAdminBackend();
const router = createBrowserRouter(createAdminRoutes(admin));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminProvider admin={admin}>
      <Pages router={router} />
    </AdminProvider>
  </StrictMode>,
);
