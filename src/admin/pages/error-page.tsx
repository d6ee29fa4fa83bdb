import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The generic error page: unknown admin paths (404) and unexpected errors. */
export function ErrorPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
  return (
    <main className="admin-login">
      <h1>Unexpected Application Error!</h1>
      <p className="error-status">{status}</p>
      <p>
        <a href="/admin">Back to the dashboard</a>
      </p>
    </main>
  );
}
