/**
 * Fan numbers, the public side (docs/decisions/0026; the server's counting is server/audience). What the page
 * reports: a page view once the page is idle, a click on a platform link (any link with `data-platform`, by the
 * delegated listener of ./beacon), and `track()` from the parts that know something happened (a player started,
 * the newsletter form loaded or failed, a booking request sent). No cookie, no storage, no identifier: each event
 * is one `navigator.sendBeacon` of a few fields, and only on Scena's own server (on Firebase or a static host
 * nothing is loaded or sent). Nothing at all when the browser says Do Not Track or Global Privacy Control.
 *
 * This module is in the page's entry (a few hundred bytes); the sender is ./beacon, a chunk of its own that
 * loads when the page is idle.
 */

/** What the page reports besides views and platform clicks (the contract's event types). */
export type TrackedEvent = 'play' | 'booking' | 'newsletter-loaded' | 'newsletter-failed' | 'sample-play' | 'sample-switch' | 'show-ticket' | 'show-calendar';

/**
 * An event's optional fields: `k` a platform or link key ('spotify', 'youtube', 'instagram' …), `s` a release's slug,
 * `a` a sample's id (`sample-play`: a sample started; `sample-switch`: its Before / After switch used), or a show's id
 * (`show-ticket`: its Tickets link followed; `show-calendar`: its "Add to calendar" link followed).
 */
export interface TrackData {
  k?: string;
  s?: string;
  a?: string;
}

export type Send = (t: string, data?: TrackData) => void;

let send: Send | undefined;
// Events before the sender has loaded (or on a page that never loads it: then they are simply dropped).
const waiting: [string, TrackData | undefined][] = [];

/** Reports an event; safe to call anywhere, on any backend (without one it does nothing). */
export function track(type: TrackedEvent, data?: TrackData): void {
  if (send) send(type, data);
  else if (waiting.length < 20) waiting.push([type, data]);
}

/** Whether the visitor's browser asks not to be tracked (Do Not Track, Global Privacy Control). */
export function optedOut(nav: Navigator & { globalPrivacyControl?: boolean }): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/**
 * Starts counting on Scena's server: once the page is idle, loads the sender, which reports the view and then
 * every event. Nothing is loaded when the visitor opted out or the browser cannot send beacons.
 */
export function startAudience(): void {
  if (optedOut(navigator) || !navigator.sendBeacon) return;
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(
    () =>
      // A sender that fails to load (the network dropped) counts nothing, quietly: the page is the visitor's.
      void import('./beacon').then(
        ({ start }) => {
          send = start();
          for (const [type, data] of waiting.splice(0)) send(type, data);
        },
        () => {},
      ),
    { timeout: 5_000 },
  );
}
