/**
 * A release's own page, the smart link the artist shares (`/en/music/<slug>/`, `/ro/muzica/<slug>/`): cover,
 * title, kind and date, a button per platform, the player, the description. Complete in the HTML before any
 * script (the server and the build render it); a lazy chunk, so the home page's JavaScript does not carry it.
 */
import { PLATFORM_KEYS, PLATFORMS } from '../../content/platforms';
import { defaultAlt } from '../../content/default-alt';
import { isScheduled, releaseBySlug, spotifyEmbedUrl } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { languagePath } from '../../preferences/language';
import { SpotifyEmbed } from '../music/spotify-embed';
import { releaseDate, releaseLine } from '../music/release-words';
import { ExternalLink } from '../shared/external-link';
import { useNow } from '../shared/now';
import { Picture, shownImage } from '../shared/picture';
import NotFound from './not-found';

export default function ReleasePage({ slug, preview = false }: { slug: string; preview?: boolean }) {
  const { t, lang } = useI18n();
  const { content } = useContent();
  const now = useNow();
  const release = releaseBySlug(content, slug, preview);
  if (!release) return <NotFound />;
  const cover = shownImage(content.media, release.cover, lang, defaultAlt('releases', 'cover', release, lang));
  // Before its minute a release offers no playback: "Get notified" instead of its buttons and player (issue 32).
  const upcoming = isScheduled(release, now);
  const player = upcoming ? undefined : spotifyEmbedUrl(release.links.spotify);
  const buttons = (upcoming ? [] : PLATFORM_KEYS).flatMap((key) => {
    const href = safeHttps(release.links[key], '');
    return href ? [{ key, href, label: PLATFORMS[key].label }] : [];
  });
  const description = release[`description_${lang}`].trim();
  const date = releaseDate(release.date, lang);
  return (
    <article className="release" aria-labelledby="release-title">
      {release.status === 'draft' && (
        <p className="release__draft" role="note">
          {t('release.draft')}
        </p>
      )}
      <div className="release__grid">
        {cover ? (
          <Picture className="release__cover" {...cover} eager sizes="(min-width: 52rem) 26rem, calc(100vw - 2rem)" />
        ) : (
          <span className="release__cover album__cover" aria-hidden="true" />
        )}
        <div className="release__body">
          <h1 id="release-title" className="release__title">
            {release.title}
          </h1>
          <p className="release__details">{releaseLine(release, lang)}</p>
          {date && <p className="release__date">{t(upcoming ? 'release.comingOn' : 'release.released', { date })}</p>}
          {upcoming && (
            <p>
              <a className="button button--primary release__link" href={`${languagePath(lang)}#newsletter`}>
                {t('banner.notify')}
              </a>
            </p>
          )}
          {buttons.length > 0 && (
            <ul className="release__links" aria-label={t('release.links')}>
              {buttons.map((b) => (
                <li key={b.key}>
                  <ExternalLink className="button button--secondary release__link" href={b.href} platform={b.key} release={release.slug}>
                    {t('release.listenOn', { platform: b.label })}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {player && (
        <section className="release__player" aria-label={t('release.player')}>
          <SpotifyEmbed url={player} release={release.slug} facade title={release.title} />
        </section>
      )}
      {description && (
        <div className="release__description">
          {description.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      )}
      <p>
        <a className="text-link" href={`${languagePath(lang)}#music`}>
          {t('release.back')}
        </a>
      </p>
    </article>
  );
}
