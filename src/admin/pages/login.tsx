import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAdmin } from '../auth';
import { errorMessage } from '../use-save-status';
import { LanguageSwitch } from '../language-switch';
import { fillParts } from '../fill-parts';
import { t } from '../words';

export function LoginPage() {
  const { admin, auth } = useAdmin();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');

  if (admin.kind === 'none') {
    return (
      <main className="admin-login">
        <h1>{t('adminLogin')}</h1>
        <div className="notice" role="status">
          <h2>{t('adminDisabled')}</h2>
          <p>
            {fillParts(t('adminDisabledText'), {
              start: <code>npm start</code>,
              variables: (
                <>
                  <code>VITE_FIREBASE_API_KEY</code>, <code>VITE_FIREBASE_AUTH_DOMAIN</code>, <code>VITE_FIREBASE_PROJECT_ID</code>
                  {t('and')}
                  <code>VITE_FIREBASE_APP_ID</code>
                </>
              ),
            })}
          </p>
        </div>
        <LanguageSwitch />
      </main>
    );
  }
  if (auth.status === 'loading') return null;
  if (auth.status === 'signed-in' && auth.user.isAdmin && !submitting) return <Navigate to="/admin" replace />;

  const backend = admin.backend;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSubmitting(true);
    setError('');
    try {
      const user = await backend.signIn(String(data.get('email') ?? '').trim(), String(data.get('password') ?? ''));
      if (!user.isAdmin) {
        await backend.signOut().catch(() => {});
        setError(t('notAuthorized'));
        setSubmitting(false);
        return;
      }
      navigate('/admin', { replace: true });
    } catch (caught) {
      setError(errorMessage(caught, t('loginFailed')));
      setSubmitting(false);
    }
  };

  return (
    <main className="admin-login">
      <h1>{t('adminLogin')}</h1>
      <form className="form" onSubmit={submit} aria-describedby={error ? 'login-error' : undefined}>
        <label htmlFor="login-email">{t('email')}</label>
        <input id="login-email" name="email" type="email" autoComplete="username" required maxLength={254} />
        <label htmlFor="login-password">{t('password')}</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required maxLength={1024} />
        {error && (
          <p id="login-error" className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? t('loading') : t('signIn')}
        </button>
      </form>
      {/* After the form: the browser's language chose first, and the e-mail stays the first stop of the keyboard. */}
      <LanguageSwitch />
    </main>
  );
}
