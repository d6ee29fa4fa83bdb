/**
 * The Music section's "Latest release": the release that leads the page (leadRelease), named with its cover, title,
 * kind and date, a link to its page and its platforms' links; an upcoming one as "Out <date>" with "Get notified"
 * (the newsletter) instead of any Listen link: nothing of it plays before its minute.
 */
import { PLATFORM_KEYS, PLATFORMS } from '../../content/platforms';
import { defaultAlt } from '../../content/default-alt';
import type { Release } from '../../content/model';
import { releasePath } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { languagePath } from '../../preferences/language';
import { ExternalLink } from '../shared/external-link';
import { Picture, shownImage } from '../shared/picture';
import { releaseDate, releaseDetails } from './release-words';

export function LeadRelease({ release, upcoming }: { release: Release; upcoming: boolean }) {
  const { t, lang } = useI18n();
  const cover = shownImage(useContent().content.media, release.cover, lang, defaultAlt('releases', 'cover', release, lang));
  const page = release.slug ? releasePath(lang, release.slug) : '';
  const date = releaseDate(release.date, lang);
  const links = upcoming
    ? []
    : PLATFORM_KEYS.flatMap((key) => {
        const href = safeHttps(release.links[key], '');
        return href ? [{ key, href }] : [];
      });
  return (
    <div className="lead">
      {cover ? <Picture className="lead__cover album__cover" {...cover} sizes="8rem" /> : <span className="lead__cover album__cover" aria-hidden="true" />}
      <div className="lead__body">
        <p className="lead__title">{page ? <a href={page}>{release.title}</a> : release.title}</p>
        <p className="album__meta">
          {upcoming ? `${t(`music.kind.${release.kind}`)} · ${t('music.outOn', { date })}` : [releaseDetails(release, lang), date].filter(Boolean).join(' · ')}
        </p>
        {upcoming ? (
          <a className="button button--primary" href={`${languagePath(lang)}#newsletter`}>
            {t('banner.notify')}
          </a>
        ) : (
          links.length > 0 && (
            <ul className="lead__links" aria-label={t('release.links')}>
              {links.map((l) => (
                <li key={l.key}>
                  <ExternalLink href={l.href} platform={l.key} release={release.slug}>
                    {PLATFORMS[l.key].label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )
        )}
      </div>
    </div>
  );
}
