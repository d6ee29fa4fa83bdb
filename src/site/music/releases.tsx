import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { Picture, shownImage } from '../shared/picture';

/** Lazy feature block: the releases the admin lists, in the admin's order. Absent while there are none. */
export default function Releases() {
  const { t, lang } = useI18n();
  const { releases, media } = useContent().content;
  if (releases.length === 0) return null;
  return (
    <div className="releases">
      <h3>{t('music.releases')}</h3>
      <ul className="albums releases__list">
        {releases.map((release) => {
          const href = safeHttps(release.url, '');
          const cover = shownImage(media, release.cover, lang);
          return (
            <li key={release.id} className="album">
              {/* The cover keeps the tile's square; the gradient stays until one is chosen. */}
              {cover ? (
                <Picture className="album__cover" {...cover} sizes="(min-width: 48rem) 16rem, (min-width: 32rem) 45vw, calc(100vw - 4.5rem)" />
              ) : (
                <span className="album__cover" aria-hidden="true" />
              )}
              {href ? (
                <ExternalLink className="album__title" href={href}>
                  {release.title}
                </ExternalLink>
              ) : (
                <span className="album__title">{release.title}</span>
              )}
              {release.meta && <span className="releases__meta">{release.meta}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
