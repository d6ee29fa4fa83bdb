/**
 * A QR code in a dialog (issue 31; docs/decisions/0052-qr-codes.md): the code drawn (SVG), its address written under
 * it, Download SVG, Download PNG (1200 px, for print) and Close; for a page in both languages, which language's page.
 * A modal <dialog>: Escape closes it, and the focus goes back where it was (the row's QR code button). The drawing
 * module (and the `qrcode` library in it) is loaded only now.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { LANGUAGES, type Language } from '../../content/constants';
import { fill } from '../../lib/fill';
import { adminLanguage, OWN_NAMES } from '../language';
import { ADMIN_WORDS as W } from '../words';
import { say } from '../kinds/form-model';
import { download } from '../download';
import { isLocalOrigin, type QrResult } from './address';

type Drawing =
  { state: 'drawing' } | { state: 'failed'; message: string } | { state: 'drawn'; address: string; side: number; path: string; svg: Blob; png: Blob };

export function QrDialog(props: {
  /** The dialog's heading ("QR code: Lumini de oraș"). */
  title: string;
  /** The code in a language (the page's language, when `languages`). */
  qr(lang: Language): QrResult;
  /** The page is in each language (a release's): the dialog offers which. */
  languages: boolean;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [lang, setLang] = useState<Language>(adminLanguage);
  const [drawing, setDrawing] = useState<Drawing>({ state: 'drawing' });
  const result = props.qr(lang);
  const address = result.ok ? result.target.address : '';
  const fileName = result.ok ? result.target.fileName : '';
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  // Opened once, as it appears; closed (Escape, Close), it is gone and the focus is back on what opened it.
  useLayoutEffect(() => {
    const element = dialog.current!;
    const returnTo = document.activeElement;
    element.showModal();
    // On the language chosen (the admin's), not the first one: arrows then change it, Tab goes on to the downloads.
    element.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
    const closed = () => {
      onClose.current();
      if (returnTo instanceof HTMLElement) returnTo.focus();
    };
    element.addEventListener('close', closed);
    return () => {
      element.removeEventListener('close', closed);
      if (element.open) element.close();
    };
  }, []);

  useEffect(() => {
    if (!address) return;
    let live = true;
    setDrawing({ state: 'drawing' });
    import('./qr-code')
      .then(async ({ qrModules, qrPath, qrPng, qrSvg, QUIET_ZONE }) => {
        const modules = qrModules(address);
        const png = await qrPng(address, undefined, modules);
        if (!live) return;
        setDrawing({
          state: 'drawn',
          address,
          side: modules.size + 2 * QUIET_ZONE,
          path: qrPath(modules),
          svg: new Blob([qrSvg(address, modules)], { type: 'image/svg+xml' }),
          png: new Blob([png as BlobPart], { type: 'image/png' }),
        });
      })
      .catch(() => live && setDrawing({ state: 'failed', message: say(W.qrFailed) }));
    return () => {
      live = false;
    };
  }, [address]);

  const drawn = drawing.state === 'drawn' && drawing.address === address ? drawing : undefined;
  return (
    // Keys pressed here stay here: the row's quick changes fold away on Escape (list-row.tsx), the dialog closes.
    <dialog ref={dialog} className="qr-dialog" aria-labelledby={titleId} onKeyDown={(event) => event.stopPropagation()}>
      <h2 id={titleId}>{props.title}</h2>
      {!result.ok ? (
        <p role="alert">{result.message}</p>
      ) : (
        <>
          {props.languages && (
            <fieldset className="qr-dialog__languages">
              <legend>{say(W.qrLanguage)}</legend>
              {LANGUAGES.map((code) => (
                <label key={code} lang={code}>
                  <input type="radio" name={`${titleId}-lang`} value={code} checked={lang === code} onChange={() => setLang(code)} />
                  {OWN_NAMES[code]}
                </label>
              ))}
            </fieldset>
          )}
          <div className="qr-dialog__code">
            {drawn ? (
              <svg role="img" aria-label={fill(say(W.qrImage), { address })} viewBox={`0 0 ${drawn.side} ${drawn.side}`} shapeRendering="crispEdges">
                <rect width={drawn.side} height={drawn.side} fill="#fff" />
                <path fill="#000" d={drawn.path} />
              </svg>
            ) : drawing.state === 'failed' ? (
              <p role="alert">{drawing.message}</p>
            ) : (
              <p role="status">{say(W.qrDrawing)}</p>
            )}
          </div>
          <p className="qr-dialog__address">
            <a href={address} target="_blank" rel="noopener">
              {address}
              <span className="sr-only"> {say(W.opensNewTab)}</span>
            </a>
          </p>
          {isLocalOrigin(address) && <p className="qr-dialog__warning">{say(W.qrLocal)}</p>}
          <p className="field__hint">{say(W.qrExplain)}</p>
        </>
      )}
      <div className="actions">
        {result.ok && (
          <>
            <button type="button" className="button button--small" disabled={!drawn} onClick={() => drawn && download(drawn.svg, `${fileName}.svg`)}>
              {say(W.qrDownloadSvg)}
            </button>
            <button type="button" className="button button--small" disabled={!drawn} onClick={() => drawn && download(drawn.png, `${fileName}.png`)}>
              {say(W.qrDownloadPng)}
            </button>
          </>
        )}
        <button type="button" className="button button--small button--secondary" onClick={() => dialog.current?.close()}>
          {say(W.closeWord)}
        </button>
      </div>
    </dialog>
  );
}
