/**
 * "Your link page" on the dashboard (issue 31; docs/decisions/0052-qr-codes.md): the link page's address (/links, the
 * same in both languages), Copy, and its QR code for posters, with `?src=qr` as every code the admin makes. The page
 * itself is the public site's.
 */
import { useCallback, useState } from 'react';
import { fill } from '../../lib/fill';
import { say } from '../kinds/form-model';
import { LINKS_PATH } from '../../content/link-page-paths';
import { linkPageQr, siteOrigin } from '../qr/address';
import { QrDialog } from '../qr/qr-dialog';
import { ADMIN_WORDS as W } from '../words';

export function LinkPageCard() {
  const origin = siteOrigin();
  const address = `${origin}${LINKS_PATH}`;
  const [qrOpen, setQrOpen] = useState(false);
  /** Whether the last Copy worked (undefined before the first). */
  const [copied, setCopied] = useState<boolean | undefined>();
  const closeQr = useCallback(() => setQrOpen(false), []);
  const copy = () => {
    (navigator.clipboard ? navigator.clipboard.writeText(address) : Promise.reject(new Error('no clipboard'))).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <section className="glance link-page" aria-labelledby="link-page-title">
      <h2 id="link-page-title">{say(W.linkPageTitle)}</h2>
      <p className="link-page__address">
        <a href={LINKS_PATH} target="_blank" rel="noopener">
          {address}
          <span className="sr-only"> {say(W.opensNewTab)}</span>
        </a>
      </p>
      <p className="field__hint">{say(W.linkPageHint)}</p>
      <div className="actions">
        <button type="button" className="button button--small button--secondary" aria-label={fill(say(W.copyAddressLabel), { address })} onClick={copy}>
          {say(W.copyAddress)}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={() => setQrOpen(true)}>
          {say(W.qrButton)}
        </button>
      </div>
      <p role="status" className={copied === false ? 'form-error' : 'field__hint'}>
        {copied === undefined ? '' : say(copied ? W.addressCopied : W.copyFailed)}
      </p>
      {qrOpen && (
        <QrDialog
          title={fill(say(W.qrTitle), { name: say(W.linkPageName) })}
          languages={false}
          qr={() => ({ ok: true, target: linkPageQr(origin) })}
          onClose={closeQr}
        />
      )}
    </section>
  );
}
