/**
 * The sender (see ./track.ts): a chunk of its own, loaded when the page is idle on Scena's server only. Reports
 * this page's view, listens for clicks on platform links (one delegated listener: any `a[data-platform]`, its
 * release from `data-release`), and answers the sender ./track.ts hands its events to. Each event is one
 * `navigator.sendBeacon('/api/event', JSON)`, sent as text/plain (no preflight; it survives leaving the page).
 * Budget: 1 KB brotli with ./track.ts (src/audience/size.test.ts, and the bench).
 */
import type { Send } from './track';

export function start(): Send {
  const send: Send = (t, data) => {
    const q = new URLSearchParams(location.search);
    // utm_source, or src (a letter to the fans: `letter-<id>`), whichever the address has.
    const key = q.has('utm_source') ? 'utm_source' : 'src';
    const utm = t === 'view' && q.get(key);
    // The address, and on a view the one query field the numbers use: nothing else of the query reaches the server.
    const p = location.pathname + (utm ? `?${key}=${encodeURIComponent(utm.slice(0, 100))}` : '');
    navigator.sendBeacon('/api/event', JSON.stringify({ t, p, r: document.referrer.slice(0, 1024), l: document.documentElement.lang, ...data }));
  };
  send('view');
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-platform]');
    // A middle click opens the link too (auxclick); a right click does not.
    if (link && event.button < 2) send('click', { k: link.dataset.platform, s: link.dataset.release });
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('auxclick', onClick, true);
  return send;
}
