import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorMessage } from '../use-save-status';
import { t } from '../words';

/** The generic error page: unknown admin paths (404) and unexpected errors. */
export function ErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error)
    ? error.status === 404
      ? t('pageNotFound')
      : `${error.status} ${error.statusText}`
    : error instanceof Error
      ? errorMessage(error, t('unknownError'))
      : t('unknownError');
  return (
    <main className="admin-login">
      <h1>{t('errorTitle')}</h1>
      <p className="error-status">{status}</p>
      <p>
        <a href="/admin">{t('backToDashboard')}</a>
      </p>
    </main>
  );
}
