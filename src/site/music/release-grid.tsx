/** The discography's grid of covers: the home page's (releases.tsx) and the releases' list page's (music-page.tsx). */
import type { Release } from '../../content/model';
import { defaultAlt } from '../../content/default-alt';
import { isScheduled, releasePath } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { parseLocal } from '../../content/zoned-time';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { useNow } from '../shared/now';
import { Picture, shownImage } from '../shared/picture';
import { releaseDate, releaseLine } from './release-words';

// Two columns on a phone, up to five on a desktop (.albums--grid).
const COVER_SIZES = '(min-width: 72rem) 13rem, (min-width: 48rem) 22vw, calc(50vw - 2rem)';

/** Covers in a grid, each with its title under it a link to the release's page; kind and year, or "Out <date>". */
export function ReleaseGrid({ releases, children }: { releases: Release[]; children?: React.ReactNode }) {
  const { t, lang } = useI18n();
  const now = useNow();
  return (
    <ul className="albums albums--grid">
      {releases.map((release) => (
        <li key={release.id} className="album" data-kind={release.kind} data-year={parseLocal(release.date)?.year}>
          <Tile release={release} />
          <span className="album__meta">
            {isScheduled(release, now)
              ? `${t(`music.kind.${release.kind}`)} · ${t('music.outOn', { date: releaseDate(release.date, lang) })}`
              : releaseLine({ ...release, tracks: 0 }, lang)}
          </span>
        </li>
      ))}
      {children}
    </ul>
  );
}

/** The cover and the title as one link to the release's page; a release without an address, to its link if it has one. */
function Tile({ release }: { release: Release }) {
  const { lang } = useI18n();
  const image = shownImage(useContent().content.media, release.cover, lang, defaultAlt('releases', 'cover', release, lang));
  // The cover keeps the tile's square; the gradient stays until one is chosen.
  const cover = image ? <Picture className="album__cover" {...image} sizes={COVER_SIZES} /> : <span className="album__cover" aria-hidden="true" />;
  const title = <span className="album__title">{release.title}</span>;
  if (release.slug) {
    return (
      <a className="album__link" href={releasePath(lang, release.slug)}>
        {cover}
        {title}
      </a>
    );
  }
  const href = safeHttps(release.url, '');
  return href ? (
    <ExternalLink className="album__link" href={href}>
      {cover}
      {title}
    </ExternalLink>
  ) : (
    <span className="album__link">
      {cover}
      {title}
    </span>
  );
}
