import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAdmin, useBackend } from '../auth';
import { errorMessage } from '../use-save-status';
import { t } from '../words';

/** The same bounds as the server's policy (server/auth/password.ts); the server also refuses common passwords. */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

type Status = { state: 'idle' } | { state: 'busy' } | { state: 'done'; ok: boolean; message: string };

/** /admin/account: the admin's own password, and ending every session. */
export function AccountPage() {
  const backend = useBackend();
  const { auth } = useAdmin();
  const navigate = useNavigate();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [problem, setProblem] = useState<{ field: 'current' | 'next' | 'repeat'; message: string } | undefined>();
  const [ending, setEnding] = useState<Status>({ state: 'idle' });

  const change = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const current = String(data.get('current') ?? '');
    const next = String(data.get('next') ?? '');
    const repeat = String(data.get('repeat') ?? '');
    const length = [...next].length;
    const found =
      current === ''
        ? { field: 'current' as const, message: t('enterCurrentPassword') }
        : length < PASSWORD_MIN || length > PASSWORD_MAX
          ? { field: 'next' as const, message: t('passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }) }
          : next !== repeat
            ? { field: 'repeat' as const, message: t('passwordsDiffer') }
            : undefined;
    setProblem(found);
    if (found) {
      document.getElementById(`${id}-${found.field}`)?.focus();
      setStatus({ state: 'idle' });
      return;
    }
    setStatus({ state: 'busy' });
    try {
      await backend.changePassword(current, next);
      form.current?.reset();
      setStatus({ state: 'done', ok: true, message: t('passwordChanged') });
    } catch (error) {
      const message = errorMessage(error, t('passwordNotChanged'));
      const field = (error as { field?: string }).field;
      if (field === 'currentPassword' || field === 'newPassword') {
        const which = field === 'currentPassword' ? 'current' : 'next';
        setProblem({ field: which, message });
        document.getElementById(`${id}-${which}`)?.focus();
      }
      setStatus({ state: 'done', ok: false, message });
    }
  };

  const endAll = async () => {
    if (!backend.signOutEverywhere) return;
    setEnding({ state: 'busy' });
    try {
      await backend.signOutEverywhere();
      navigate('/admin/login', { replace: true });
    } catch (error) {
      setEnding({ state: 'done', ok: false, message: errorMessage(error, t('sessionsNotEnded')) });
    }
  };

  const field = (name: 'current' | 'next' | 'repeat', label: string, autoComplete: string, hint?: string) => {
    const error = problem?.field === name ? problem.message : undefined;
    const describedBy = [hint && `${id}-${name}-hint`, error && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {hint && (
          <p id={`${id}-${name}-hint`} className="field__hint">
            {hint}
          </p>
        )}
        <input
          id={`${id}-${name}`}
          name={name}
          type="password"
          autoComplete={autoComplete}
          maxLength={PASSWORD_MAX * 4}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
        />
        {error && (
          <p id={`${id}-${name}-error`} className="form-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <>
      <h1>{t('accountTitle')}</h1>
      <p>
        {t('signedInAsBefore')}
        <strong>{auth.status === 'signed-in' ? auth.user.email : ''}</strong>.
      </p>
      <section aria-labelledby={`${id}-password`}>
        <h2 id={`${id}-password`}>{t('changePasswordTitle')}</h2>
        <form ref={form} className="form" noValidate onSubmit={change}>
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={auth.status === 'signed-in' ? auth.user.email : ''} readOnly hidden />
          {field('current', t('currentPassword'), 'current-password')}
          {field('next', t('newPassword'), 'new-password', t('newPasswordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX }))}
          {field('repeat', t('newPasswordAgain'), 'new-password')}
          <div className="save">
            <button type="submit" className="button button--primary" disabled={status.state === 'busy'}>
              {status.state === 'busy' ? t('changing') : t('changePassword')}
            </button>
            <p className={`save__message${status.state === 'done' && !status.ok ? ' save__message--error' : ''}`} role="status">
              {status.state === 'done' ? status.message : ''}
            </p>
          </div>
        </form>
      </section>
      <section aria-labelledby={`${id}-sessions`}>
        <h2 id={`${id}-sessions`}>{t('sessionsTitle')}</h2>
        {backend.signOutEverywhere ? (
          <>
            <p>{t('sessionsText')}</p>
            <button type="button" className="button button--secondary" onClick={endAll} disabled={ending.state === 'busy'}>
              {ending.state === 'busy' ? t('signingOut') : t('signOutEverywhere')}
            </button>
            <p className="save__message save__message--error" role="status">
              {ending.state === 'done' ? ending.message : ''}
            </p>
          </>
        ) : (
          <p>{t('sessionsFirebase')}</p>
        )}
      </section>
    </>
  );
}
