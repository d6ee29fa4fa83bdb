import { siteConfig } from '../../../site.config';
import { isScheduled, leadRelease, spotifyEmbedUrl, youtubeId } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { useNow } from '../shared/now';
import { LeadRelease } from './lead-release';
import { SpotifyEmbed } from './spotify-embed';
import { Vlog } from './vlog';

/** `discography`: the discography's block (app.tsx), last in the section. */
export default function Music({ discography }: { discography?: React.ReactNode }) {
  const { t } = useI18n();
  const { content } = useContent();
  const now = useNow();
  const links = content.settings?.links;
  // The release that leads (the next scheduled one, else the admin's choice, else the newest out), and its player from
  // its Spotify link once it is out: an upcoming release offers no playback before its minute.
  const featured = leadRelease(content, now);
  const upcoming = featured ? isScheduled(featured, now) : false;
  const player = upcoming ? undefined : (spotifyEmbedUrl(featured?.links.spotify) ?? spotifyEmbedUrl(featured?.url));
  const vlog = youtubeId(content.settings?.vlog);
  return (
    <>
      <p className="lede">{t('music.heading')}</p>
      <div className={vlog ? 'music__grid' : 'music__grid music__grid--single'}>
        <div className="music__release">
          <h3>{t('music.latestRelease')}</h3>
          {featured && <LeadRelease release={featured} upcoming={upcoming} />}
          {player && <SpotifyEmbed url={player} release={featured?.slug} />}
          <ExternalLink className="button button--primary" href={safeHttps(links?.spotify, siteConfig.defaultLinks.spotify)} platform="spotify">
            {t('music.follow')}
          </ExternalLink>
        </div>
        {vlog && <Vlog id={vlog} />}
      </div>
      {discography}
    </>
  );
}
