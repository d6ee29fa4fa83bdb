import { useState } from 'react';
import { siteConfig } from '../../../site.config';
import { useI18n } from '../../i18n/i18n';
import { track } from '../../audience/track';
import { ExternalLink } from '../shared/external-link';

/** The latest vlog: a local poster until the visitor asks to play it, so YouTube costs nothing before. */
/** `id`: the YouTube video's id (settings.vlog, a YouTube link, read by youtubeId). */
export function Vlog({ id }: { id: string }) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState(false);
  return (
    <div className="vlog">
      <h3>{t('music.vlog')}</h3>
      <div className="embed embed--video">
        {playing ? (
          <iframe
            title={t('music.vlogPlayerTitle', { artist: siteConfig.artist.name })}
            src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1`}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          />
        ) : (
          <button
            type="button"
            className="vlog__play"
            onClick={() => {
              setPlaying(true);
              track('play', { k: 'youtube' });
            }}
          >
            <span className="vlog__play-icon" aria-hidden="true" />
            {t('music.vlogPlay')}
          </button>
        )}
      </div>
      <p>{t('music.vlogText')}</p>
      <ExternalLink className="text-link" href={`https://www.youtube.com/watch?v=${id}`} platform="youtube">
        {t('music.watchVlog')}
      </ExternalLink>
    </div>
  );
}
