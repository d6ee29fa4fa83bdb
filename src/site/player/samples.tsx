/**
 * A service's samples, as the page shows them: rendered whole by the server (title, Play, the waveform, the time, a
 * pair's Before / After), so nothing moves when the player's code arrives, but with no <audio> element and no audio
 * address: the engine (./player.ts, its own chunk) makes those when the visitor first presses Play. Without
 * JavaScript the buttons stay disabled and a line says that listening needs it.
 *
 * Keyboard: Play is a button; the waveform is a slider (arrows ±5 s, Page Up / Down ±30 s, Home, End), which a click
 * or a tap also moves; Before / After are two toggle buttons. What happens is said in the section's live region.
 */
import { useEffect, useId, useMemo, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../../i18n/i18n';
import { loadChunk } from '../../lib/chunk';
import { worded, type ShownSample } from '../services/service-words';
import type { PlayerTrack } from './player';
import { announce, announcement, BARS, clockTime, isMatched, matchedGains, sampleState, spokenTime, subscribe, waveformBars, type Side } from './player-model';

type Engine = typeof import('./player');
let engine: Promise<Engine> | undefined;

/** The engine, loaded once (again after a failure). */
function loadEngine(): Promise<Engine> {
  engine ??= loadChunk('player', () => import('./player')).catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/** The bars as one SVG path: a vertical stroke per bar, centred, in a box BARS × 2 wide and 100 high. */
const barsPath = (bars: number[]) =>
  bars
    .map((height, i) => {
      const half = Math.max(1, Math.round(height * 48));
      return `M${i * 2 + 1} ${50 - half}v${half * 2}`;
    })
    .join('');

/** `tagged`: the settings name a producer tag (a beat's preview holds it); without one a beat is a plain preview. */
export function Samples(props: { samples: ShownSample[]; service: string; tagged: boolean }) {
  const { t } = useI18n();
  // Until the page's script runs, the buttons stay disabled (and without it, for good).
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    // The section is near: the engine comes now, so that Play starts at once. A failure waits for a press to retry.
    loadEngine().catch(() => {});
  }, []);
  return (
    <div className="samples">
      <ul className="samples__list" aria-label={t('services.samples', { service: props.service })}>
        {props.samples.map((shown) => (
          <li key={shown.sample.id}>
            <SamplePlayer shown={shown} ready={ready} tagged={props.tagged} />
          </li>
        ))}
      </ul>
      <noscript>
        <p className="sample__note">{t('player.noScript')}</p>
      </noscript>
    </div>
  );
}

function SamplePlayer({ shown, ready, tagged }: { shown: ShownSample; ready: boolean; tagged: boolean }) {
  const { t, lang } = useI18n();
  const { sample, after, before } = shown;
  const title = worded(sample, 'title', lang);
  const clip = useId();
  const duration = useMemo(() => ({ after: after.durationMs / 1000, before: (before?.durationMs ?? 0) / 1000 }), [after, before]);
  const current = () => sampleState(sample.id, duration);
  const state = useSyncExternalStore(subscribe, current, current);
  const heard = state.side === 'before' && before ? before : after;
  const path = useMemo(() => barsPath(waveformBars(heard.waveform)), [heard.waveform]);
  const total = state.duration[state.side];
  const time = Math.min(state.time, total || state.time);
  const track: PlayerTrack = {
    id: sample.id,
    src: { after: after.src, before: before?.src ?? '' },
    gain: before ? matchedGains(after.loudness, before.loudness, sample.matching) : { after: 1, before: 1 },
    duration,
  };

  const named = { title: title.text };
  /** "Playing: Title, After": the state in words, as the live region says it. */
  const said = (playing: boolean, side: Side) =>
    `${t(playing ? 'player.playing' : 'player.paused', named)}${before ? `, ${t(side === 'before' ? 'player.before' : 'player.after')}` : ''}`;
  const withEngine = (run: (player: Engine) => void) =>
    loadEngine().then(run, () => {
      announce(t('player.failed', named));
    });

  useEffect(() => {
    if (state.event === 'ended') announce(t('player.ended', named));
    if (state.event === 'failed') announce(t('player.failed', named));
    // Said once when it happens, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.event]);

  const toggle = () =>
    withEngine((player) => {
      const { playing, side } = sampleState(sample.id, duration);
      if (playing) player.pause(track);
      else player.play(track);
      announce(said(!playing, side));
    });
  const choose = (side: Side) =>
    withEngine((player) => {
      player.switchTo(track, side);
      announce(said(sampleState(sample.id, duration).playing, side));
    });
  const seekTo = (to: number) => withEngine((player) => player.seek(track, to));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowRight: 5, ArrowUp: 5, ArrowLeft: -5, ArrowDown: -5, PageUp: 30, PageDown: -30 };
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? total : event.key in steps ? time + steps[event.key]! : undefined;
    if (to === undefined || !ready) return;
    event.preventDefault();
    void seekTo(to);
  };
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.currentTarget;
    if (!ready || !total) return;
    if (event.type === 'pointerdown') {
      if (event.button !== 0) return;
      target.setPointerCapture?.(event.pointerId);
    } else if (!target.hasPointerCapture?.(event.pointerId)) return;
    const box = target.getBoundingClientRect();
    void seekTo(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)) * total);
  };

  const label = t(state.playing ? 'player.pause' : 'player.play');
  return (
    <div className="sample">
      <p className="sample__title" lang={title.lang}>
        {title.text}
      </p>
      {sample.kind === 'beat' && <p className="sample__note">{t(tagged ? 'player.beat' : 'player.preview')}</p>}
      <button type="button" className="sample__play" disabled={!ready} aria-label={`${label}: ${title.text}`} onClick={() => void toggle()}>
        <span className={state.playing ? 'sample__icon sample__icon--pause' : 'sample__icon'} aria-hidden="true" />
      </button>
      <div
        className="sample__wave"
        role="slider"
        tabIndex={ready ? 0 : -1}
        aria-label={t('player.position', named)}
        aria-disabled={ready ? undefined : true}
        aria-valuemin={0}
        aria-valuemax={Math.round(total)}
        aria-valuenow={Math.floor(time)}
        aria-valuetext={t('player.of', { elapsed: spokenTime(time, lang), total: spokenTime(total, lang) })}
        onKeyDown={onKeyDown}
        onPointerDown={onPointer}
        onPointerMove={onPointer}
      >
        <svg viewBox={`0 0 ${BARS * 2} 100`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <clipPath id={clip}>
            <rect width={total ? (time / total) * BARS * 2 : 0} height="100" />
          </clipPath>
          <path className="sample__bars" d={path} />
          <path className="sample__bars sample__bars--played" d={path} clipPath={`url(#${clip})`} />
        </svg>
      </div>
      <p className="sample__time" aria-hidden="true">
        {clockTime(time)} / {clockTime(total)}
      </p>
      {before && (
        <div className="sample__foot">
          <div className="sample__compare" role="group" aria-label={t('player.compare', named)}>
            {(['before', 'after'] as const).map((side) => (
              <button key={side} type="button" aria-pressed={state.side === side} disabled={!ready} onClick={() => void choose(side)}>
                {t(side === 'before' ? 'player.before' : 'player.after')}
              </button>
            ))}
          </div>
          {isMatched(after.loudness, before.loudness, sample.matching) && <p className="sample__note">{t('player.matched')}</p>}
        </div>
      )}
    </div>
  );
}

/** The Services section's live region: what the players did, in the page's language. */
export function PlayerAnnouncer() {
  return (
    <p className="sr-only" role="status">
      {useSyncExternalStore(subscribe, announcement, () => '')}
    </p>
  );
}
