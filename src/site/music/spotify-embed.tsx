import { useCallback, useEffect, useRef, useState } from 'react';
import { siteConfig } from '../../../site.config';
import { track } from '../../audience/track';
import { useI18n } from '../../i18n/i18n';
import { useNearViewport } from '../shared/use-near-viewport';

export const EMBED_PROBE_TIMEOUT_MS = 10_000;

type EmbedState = 'idle' | 'checking' | 'available' | 'unavailable';

/**
 * An iframe cannot report that it failed to load, so before showing the player we ask the streaming
 * service whether it answers at all (an opaque no-cors request). Nothing is fetched until the visitor
 * nears the player.
 */
async function reachable(url: string): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EMBED_PROBE_TIMEOUT_MS);
  try {
    await fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The player of a release: `url` is its embed address (spotifyEmbedUrl in src/content/release-cycle.ts), `release`
 * the release's slug, for the fan numbers. As a facade (a release's page, where the player is in view at once), the
 * box holds a button until the visitor asks for the player: Spotify's frame, its scripts and its cookies load then,
 * not with the page, and that click is the player started (src/audience/track.ts). Without `facade` (the Music
 * section) the player loads when the visitor nears it, and its start is the first click into its frame.
 */
export function SpotifyEmbed({ url, release, facade = false, title }: { url: string; release?: string; facade?: boolean; title?: string }) {
  const { t } = useI18n();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const [state, setState] = useState<EmbedState>('idle');
  const frame = useRef<HTMLIFrameElement>(null);
  const asked = useRef(false);

  // Another site's player cannot tell the page it plays; the visitor's first click into it moves the focus into
  // its frame (this window blurs): that is the player started, reported once (src/audience/track.ts).
  useEffect(() => {
    if (state !== 'available' || facade) return;
    const onBlur = () => {
      if (!frame.current || document.activeElement !== frame.current) return;
      window.removeEventListener('blur', onBlur);
      track('play', { k: 'spotify', s: release });
    };
    window.addEventListener('blur', onBlur);
    return () => window.removeEventListener('blur', onBlur);
  }, [state, release, facade]);

  const check = useCallback(() => {
    setState('checking');
    void reachable(url).then((ok) => setState(ok ? 'available' : 'unavailable'));
  }, [url]);

  useEffect(() => {
    if (!facade && near && state === 'idle') check();
  }, [facade, near, state, check]);

  // The facade's button is gone once the player comes: the focus goes to the player the visitor asked for.
  useEffect(() => {
    if (state === 'available' && asked.current) frame.current?.focus();
  }, [state]);

  const start = () => {
    asked.current = true;
    track('play', { k: 'spotify', s: release });
    check();
  };

  return (
    <div ref={ref} className="embed embed--spotify" data-state={state}>
      {state === 'available' ? (
        <iframe
          ref={frame}
          title={title ? t('music.playerTitleOf', { title }) : t('music.playerTitle', { artist: siteConfig.artist.name })}
          src={url}
          loading="lazy"
          allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
        />
      ) : state === 'unavailable' ? (
        <div className="embed__fallback" role="status">
          <p className="embed__message">{t('music.embedUnavailable')}</p>
          <p>{t('music.embedHint')}</p>
          <button type="button" className="button button--secondary" onClick={check}>
            {t('music.tryAgain')}
          </button>
        </div>
      ) : facade && state === 'idle' ? (
        <div className="embed__facade">
          <button type="button" className="button button--primary if-script" onClick={start}>
            {t('music.playHere')}
          </button>
          <p className="if-script">{t('music.playHereNote')}</p>
          <p className="if-no-script">{t('player.noScript')}</p>
        </div>
      ) : (
        // Without JavaScript nothing would ever load: the line says what is needed instead of "Loading…" (issue 32).
        <p className="embed__loading">
          <span className="if-script">{t('music.playerLoading')}</span>
          <span className="if-no-script">{t('player.noScript')}</span>
        </p>
      )}
    </div>
  );
}
