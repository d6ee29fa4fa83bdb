import { nextScheduled, discography, releasePath } from '../../content/release-cycle';
import type { Release } from '../../content/model';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { useNow } from '../shared/now';
import { Picture, shownImage } from '../shared/picture';
import { releaseDate, releaseLine } from './release-words';

const COVER_SIZES = '(min-width: 48rem) 16rem, (min-width: 32rem) 45vw, calc(100vw - 4.5rem)';

/**
 * Lazy feature block: the discography (the published releases already out, newest first or in the admin's
 * order), and the spec's "Coming soon" tile, which is the next scheduled release when there is one.
 */
export default function Discography() {
  const { t, lang } = useI18n();
  const { content } = useContent();
  const now = useNow();
  const list = discography(content, now);
  const next = nextScheduled(content, now);
  return (
    <div className="discography">
      <h3>{t('music.discography')}</h3>
      <ul className="albums">
        {list.map((release) => (
          <li key={release.id} className="album">
            <Cover release={release} />
            <Title release={release} />
            <span className="album__meta">{releaseLine(release, lang)}</span>
          </li>
        ))}
        <li className="album album--soon">
          {next ? (
            <>
              <Cover release={next} />
              <Title release={next} />
              <span className="album__meta">
                {t(`music.kind.${next.kind}`)} · {t('music.outOn', { date: releaseDate(next.date, lang) })}
              </span>
            </>
          ) : (
            <>
              <span className="album__cover" aria-hidden="true" />
              <span className="album__title">{t('music.comingSoon')}</span>
              <span className="album__meta">{t('music.comingSoonText')}</span>
            </>
          )}
        </li>
      </ul>
    </div>
  );
}

function Cover({ release }: { release: Release }) {
  const { lang } = useI18n();
  const cover = shownImage(useContent().content.media, release.cover, lang);
  // The cover keeps the tile's square; the gradient stays until one is chosen.
  return cover ? <Picture className="album__cover" {...cover} sizes={COVER_SIZES} /> : <span className="album__cover" aria-hidden="true" />;
}

/** The title links to the release's own page; a release without an address, to its link if it has one. */
function Title({ release }: { release: Release }) {
  const { lang } = useI18n();
  if (release.slug) {
    return (
      <a className="album__title" href={releasePath(lang, release.slug)}>
        {release.title}
      </a>
    );
  }
  const href = safeHttps(release.url, '');
  return href ? (
    <ExternalLink className="album__title" href={href}>
      {release.title}
    </ExternalLink>
  ) : (
    <span className="album__title">{release.title}</span>
  );
}
