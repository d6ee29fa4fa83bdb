/**
 * The own list's sign-up with the page's script (its chunk loads as the Newsletter section nears the view; until then,
 * and without JavaScript, the same form posts to the server, fans-form.tsx). Sends in place and says so: sending,
 * "check your inbox", or what was wrong, with the focus on it.
 *
 * The token (as the booking form's, docs/decisions/0025): the cached page carries none; it is asked for when the form
 * is first focused, and a send waits for it, then until FANS_MIN_FILL_MS after it arrived (the server counts from the
 * token's issue), so a quick person is held a moment, never refused.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isEmail } from '../../content/fields/checks';
import { FANS_MIN_FILL_MS, FANS_SIGNUP_URL, FANS_TOKEN_URL } from '../../content/fans';
import { useI18n } from '../../i18n/i18n';
import { FansForm, type FansState } from './fans-form';
import { fansWord, refusalWord, type FansWord } from './fans-words';

interface Token {
  value: string;
  arrivedAt: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export default function FansClient() {
  const { lang } = useI18n();
  const [state, setState] = useState<FansState>('idle');
  const [emailError, setEmailError] = useState(false);
  const [formError, setFormError] = useState<FansWord | ''>('');
  const [scripted, setScripted] = useState(false);
  const token = useRef<Promise<Token> | undefined>(undefined);
  const sent = useRef<HTMLParagraphElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => setScripted(true), []);
  useEffect(() => {
    if (state === 'sent') sent.current?.focus();
  }, [state]);

  /** The token, asked for once (again after a failure or an expiry). */
  const ensureToken = () =>
    (token.current ??= (async () => {
      const value = await fetch(FANS_TOKEN_URL, { credentials: 'same-origin', headers: { accept: 'application/json' } })
        .then(async (res) => (res.ok ? ((await res.json()) as { token: string }).token : ''))
        .catch(() => '');
      if (!value) token.current = undefined;
      return { value, arrivedAt: value ? performance.now() : -Infinity };
    })());

  // Focused before this script ran (the chunk came as the visitor was already in the field): the token at once.
  useEffect(() => {
    if (form.current?.contains(document.activeElement)) void ensureToken();
  }, []);

  const fail = (email: boolean, message: FansWord | '') => {
    setEmailError(email);
    setFormError(message);
    setState('error');
    if (email) (form.current?.elements.namedItem('email') as HTMLInputElement | null)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'sending') return;
    const data = new FormData(event.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    if (!isEmail(email)) return fail(true, '');
    setEmailError(false);
    setFormError('');
    setState('sending');
    try {
      const { value, arrivedAt } = await ensureToken();
      const early = arrivedAt + FANS_MIN_FILL_MS - performance.now();
      if (early > 0) await wait(early);
      const res = await fetch(FANS_SIGNUP_URL, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ email, lang, website: String(data.get('website') ?? ''), token: value }),
      });
      if (res.ok) {
        setState('sent');
        return;
      }
      const body = (await res.json().catch(() => ({}))) as { code?: string; field?: string };
      const message = refusalWord(body.code ?? '');
      if (message === 'expired') token.current = undefined;
      fail(body.field === 'email', body.field === 'email' ? '' : message);
    } catch {
      fail(false, 'failed');
    }
  };

  return (
    <FansForm
      lang={lang}
      state={state}
      noValidate={scripted}
      emailError={emailError ? fansWord(lang, 'emailInvalid') : undefined}
      formError={formError ? fansWord(lang, formError) : undefined}
      formRef={form}
      sentRef={sent}
      onSubmit={submit}
      onFocus={() => void ensureToken()}
    />
  );
}
