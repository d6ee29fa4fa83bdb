import { siteConfig } from '../../../site.config';
import { featuredRelease, releasePath, spotifyEmbedUrl, youtubeId } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { lazyBlock } from '../shared/lazy-block';
import { useNow } from '../shared/now';
import { SpotifyEmbed } from './spotify-embed';
import { Vlog } from './vlog';

const Discography = lazyBlock('releases', () => import('./releases'));

export default function Music() {
  const { t, lang } = useI18n();
  const { content } = useContent();
  const now = useNow();
  const links = content.settings?.links;
  // The featured release's player (the admin's choice, else the newest release out), from its Spotify link.
  const featured = featuredRelease(content, now);
  const player = spotifyEmbedUrl(featured?.links.spotify) ?? spotifyEmbedUrl(featured?.url);
  const vlog = youtubeId(content.settings?.vlog);
  return (
    <>
      <p className="lede">{t('music.heading')}</p>
      <div className={vlog ? 'music__grid' : 'music__grid music__grid--single'}>
        <div className="music__release">
          <h3>{t('music.latestRelease')}</h3>
          {player ? (
            <SpotifyEmbed url={player} release={featured?.slug} />
          ) : (
            featured?.slug && (
              <p>
                <a className="text-link" href={releasePath(lang, featured.slug)}>
                  {t('music.noPlayer', { title: featured.title })}
                </a>
              </p>
            )
          )}
          <ExternalLink className="button button--primary" href={safeHttps(links?.spotify, siteConfig.defaultLinks.spotify)} platform="spotify">
            {t('music.follow')}
          </ExternalLink>
        </div>
        {vlog && <Vlog id={vlog} />}
      </div>
      <Discography />
    </>
  );
}
