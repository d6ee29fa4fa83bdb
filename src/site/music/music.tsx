import { siteConfig } from '../../../site.config';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { lazyBlock } from '../shared/lazy-block';
import { SpotifyEmbed } from './spotify-embed';
import { Vlog } from './vlog';

const Releases = lazyBlock('releases', () => import('./releases'));

export default function Music() {
  const { t } = useI18n();
  const links = useContent().content.settings?.links;
  return (
    <>
      <p className="lede">{t('music.heading')}</p>
      <div className="music__grid">
        <div className="music__release">
          <h3>{t('music.latestRelease')}</h3>
          <SpotifyEmbed />
          <ExternalLink className="button button--primary" href={safeHttps(links?.spotify, siteConfig.defaultLinks.spotify)}>
            {t('music.follow')}
          </ExternalLink>
        </div>
        <Vlog />
      </div>
      <h3>{t('music.albums')}</h3>
      <ul className="albums">
        {siteConfig.albums.map((album) => (
          <li key={album.id} className="album">
            <span className="album__cover" aria-hidden="true" />
            <span className="album__title">{album.title}</span>
            <span className="album__meta">
              {t('music.album')} · {album.year} · {t('music.songs', { count: album.songs })}
            </span>
          </li>
        ))}
        <li className="album album--soon">
          <span className="album__cover" aria-hidden="true" />
          <span className="album__title">{t('music.comingSoon')}</span>
          <span className="album__meta">{t('music.comingSoonText')}</span>
        </li>
      </ul>
      <Releases />
    </>
  );
}
