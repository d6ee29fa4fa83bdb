/**
 * The list's links and its confirmation mail (docs/decisions/0035-fans-by-email.md, "The list").
 *
 * Links are absolute, on the site's public address: PUBLIC_URL when set (the server behind a proxy on another name,
 * a test), else siteUrl of site.config.ts. `unsubscribeUrl` is what the letters put in List-Unsubscribe and in their
 * footer; `confirmUrl` is the confirmation mail's button.
 *
 * The confirmation mail: in the sign-up's language, HTML and plain text, one button to the confirm page (a GET there
 * confirms nobody), why it came, that ignoring it is enough; no image, no tracking. Sent through the one transport
 * (server/mail/transport.ts), which signs it once a DKIM key exists.
 */
import { siteConfig } from '../../site.config';
import type { Config } from '../config';
import { mailTransport, type MailTransport } from '../mail/transport';
import { fansWord } from '../../src/site/newsletter/fans-words';
import type { FanRef } from './list';
import { FAN_PATHS, type FanTokens } from './tokens';

export interface FanLinks {
  confirmUrl(fan: Pick<FanRef, 'id' | 'tokenSeed'>): Promise<string>;
  /** The absolute address a letter's List-Unsubscribe and footer link name: a GET shows one button, a POST leaves at once. */
  unsubscribeUrl(fan: Pick<FanRef, 'id' | 'tokenSeed'>): Promise<string>;
}

export function fanLinks(tokens: FanTokens, publicUrl: string): FanLinks {
  const origin = new URL(publicUrl).origin;
  return {
    confirmUrl: async (fan) => `${origin}${FAN_PATHS.confirm(await tokens.make('confirm', fan))}`,
    unsubscribeUrl: async (fan) => `${origin}${FAN_PATHS.unsubscribe(await tokens.make('unsubscribe', fan))}`,
  };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The confirmation mail's subject, text and HTML for `fan`, its button to `url`. */
export function confirmationMail(fan: Pick<FanRef, 'lang'>, url: string, publicUrl: string): { subject: string; text: string; html: string } {
  const vars = { artist: siteConfig.artist.name, site: new URL(publicUrl).host };
  const w = (key: Parameters<typeof fansWord>[1]) => fansWord(fan.lang, key, vars);
  const text = [w('mailHello'), '', w('mailBody'), '', url, '', w('mailIgnore'), '', '—', w('mailWhy'), ''].join('\n');
  const html = `<!doctype html>
<html lang="${fan.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(w('mailSubject'))}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<p>${escape(w('mailHello'))}</p>
<p>${escape(w('mailBody'))}</p>
<p><a href="${escape(url)}" style="display:inline-block;padding:12px 20px;background:#1a1a1a;color:#ffffff;text-decoration:none;border-radius:6px">${escape(w('mailButton'))}</a></p>
<p style="font-size:14px;color:#444444">${escape(url)}</p>
<p>${escape(w('mailIgnore'))}</p>
<hr style="border:0;border-top:1px solid #dddddd">
<p style="font-size:13px;color:#444444">${escape(w('mailWhy'))}</p>
</body>
</html>
`;
  return { subject: w('mailSubject'), text, html };
}

export interface ConfirmationSender {
  send(fan: FanRef): Promise<void>;
}

/** Sends confirmation mails through the one transport; none when mail is not set up (the own list is then not offered). */
export function confirmationSender(mail: Config['mail'], links: FanLinks, publicUrl: string): ConfirmationSender | undefined {
  if (!mail) return undefined;
  let transport: MailTransport | undefined;
  return {
    async send(fan) {
      transport ??= mailTransport(mail);
      const { subject, text, html } = confirmationMail(fan, await links.confirmUrl(fan), publicUrl);
      await transport.sendMail({ from: mail.from, to: fan.email, subject, text, html, disableFileAccess: true, disableUrlAccess: true });
    },
  };
}
