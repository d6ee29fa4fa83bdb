/**
 * The sign-up form of the artist's own list, as markup only (as booking-form.tsx is): rendered on the page by the
 * server, by the server's answers to a plain form POST (no JavaScript: "check your inbox", or the form again with the
 * address kept and what was wrong), and by the page's script (fans-client.tsx), which sends it in place. Everything
 * it shows comes from its props.
 */
import type { FormEventHandler, Ref } from 'react';
import { siteConfig } from '../../../site.config';
import type { Language } from '../../content/constants';
import { consentLine, FAN_EMAIL_MAX, FANS_SIGNUP_URL } from '../../content/fans';
import { fansWord } from './fans-words';

export type FansState = 'idle' | 'sending' | 'sent' | 'error';

export interface FansFormProps {
  lang: Language;
  /** What was typed (kept after an error). */
  email?: string;
  /** The address is not right: its message beside the field. */
  emailError?: string;
  /** A message about the whole sign-up (too many, the form open too long, not taken). */
  formError?: string;
  /** Only in the server's answers to a post without JavaScript; the cached page has none. */
  token?: string;
  state?: FansState;
  noValidate?: boolean;
  /** The button takes the focus (the server's "Please press again", without JavaScript). */
  focusSubmit?: boolean;
  formRef?: Ref<HTMLFormElement>;
  sentRef?: Ref<HTMLParagraphElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  onFocus?: () => void;
}

export function FansForm(props: FansFormProps) {
  const { lang, state = 'idle' } = props;
  const w = (key: Parameters<typeof fansWord>[1]) => fansWord(lang, key);
  if (state === 'sent') {
    return (
      <div className="fans fans--sent" id="fans">
        <p ref={props.sentRef} role="status" className="fans__status" tabIndex={-1}>
          {w('checkInbox')}
        </p>
      </div>
    );
  }
  const described = ['fans-consent', props.emailError ? 'fans-email-error' : ''].filter(Boolean).join(' ');
  return (
    <div className="fans" id="fans">
      <form
        ref={props.formRef}
        className="fans__form"
        method="post"
        action={FANS_SIGNUP_URL}
        noValidate={props.noValidate}
        aria-busy={state === 'sending' || undefined}
        onSubmit={props.onSubmit}
        onFocus={props.onFocus}
      >
        <input type="hidden" name="lang" value={lang} />
        {props.token && <input type="hidden" name="token" value={props.token} />}
        {/* The honeypot, as the booking form's: off screen, out of the accessibility tree and of the Tab order. */}
        <div className="booking__trap" aria-hidden="true">
          <label htmlFor="fans-website">{w('website')}</label>
          <input id="fans-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <label htmlFor="fans-email">{w('email')}</label>
        <div className="fans__row">
          <input
            id="fans-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={FAN_EMAIL_MAX}
            defaultValue={props.email ?? ''}
            autoFocus={props.emailError ? true : undefined}
            aria-invalid={props.emailError ? true : undefined}
            aria-describedby={described}
          />
          <button type="submit" className="button button--primary" aria-disabled={state === 'sending' || undefined} autoFocus={props.focusSubmit}>
            {w('submit')}
          </button>
        </div>
        {props.emailError && (
          <p id="fans-email-error" className="field-error">
            {props.emailError}
          </p>
        )}
        <p id="fans-consent" className="fans__consent">
          {consentLine(lang, siteConfig.artist.name)}
        </p>
        {props.formError && (
          <p role="alert" className="booking__error">
            {props.formError}
          </p>
        )}
        <p role="status" className="booking__status">
          {state === 'sending' ? w('sending') : ''}
        </p>
      </form>
    </div>
  );
}
