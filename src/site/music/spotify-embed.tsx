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
 * the release's slug, for the fan numbers.
 */
export function SpotifyEmbed({ url, release }: { url: string; release?: string }) {
  const { t } = useI18n();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const [state, setState] = useState<EmbedState>('idle');
  const frame = useRef<HTMLIFrameElement>(null);

  // Another site's player cannot tell the page it plays; the visitor's first click into it moves the focus into
  // its frame (this window blurs): that is the player started, reported once (src/audience/track.ts).
  useEffect(() => {
    if (state !== 'available') return;
    const onBlur = () => {
      if (!frame.current || document.activeElement !== frame.current) return;
      window.removeEventListener('blur', onBlur);
      track('play', { k: 'spotify', s: release });
    };
    window.addEventListener('blur', onBlur);
    return () => window.removeEventListener('blur', onBlur);
  }, [state, release]);

  const check = useCallback(() => {
    setState('checking');
    void reachable(url).then((ok) => setState(ok ? 'available' : 'unavailable'));
  }, [url]);

  useEffect(() => {
    if (near && state === 'idle') check();
  }, [near, state, check]);

  return (
    <div ref={ref} className="embed embed--spotify" data-state={state}>
      {state === 'available' ? (
        <iframe
          ref={frame}
          title={t('music.playerTitle', { artist: siteConfig.artist.name })}
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
      ) : (
        <p className="embed__loading">{t('music.playerLoading')}</p>
      )}
    </div>
  );
}
