import { siteConfig } from '../../../site.config';
import { isScheduled, leadRelease, releaseDate, releasePath } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { languagePath } from '../../preferences/language';
import { ExternalLink } from '../shared/external-link';
import { useNow } from '../shared/now';

/** "single", "album", but "EP": a kind's word inside a sentence. */
const inSentence = (word: string) => (word === word.toUpperCase() ? word : word.toLowerCase());

/**
 * The announcement names the release that leads the page (leadRelease: the next scheduled one, else the featured
 * one): "New single out now: “Nocturn”", or "New single out 18 December 2026: “Ora albastră”" with "Get notified"
 * (the newsletter) instead of playback. Its two links (the spec's) lead to the release where it is out and has the
 * platform's link, else to the artist's profiles.
 */
export function StreamBanner() {
  const { t, lang } = useI18n();
  const { content } = useContent();
  const links = content.settings?.links;
  const now = useNow();
  const release = leadRelease(content, now);
  const upcoming = release ? isScheduled(release, now) : false;
  const playable = upcoming ? undefined : release?.links;
  const featuredWatch = safeHttps(playable?.youtube, '');
  const featuredListen = safeHttps(playable?.spotify, '');
  const watch = featuredWatch || safeHttps(links?.youtube, siteConfig.defaultLinks.youtube);
  const listen = featuredListen || safeHttps(links?.spotify, siteConfig.defaultLinks.spotify);
  const kind = release ? inSentence(t(`music.kind.${release.kind}`)) : '';
  return (
    <aside className="banner" aria-label={t('banner.label')}>
      <p>
        {release?.slug ? (
          <span className="banner__text">
            {upcoming ? t('banner.outOn', { kind, date: releaseDate(release.date, lang) }) : t('banner.outNow', { kind })}{' '}
            <a href={releasePath(lang, release.slug)}>{t('banner.title', { title: release.title })}</a>
          </span>
        ) : (
          <span className="banner__text">{t('banner.text')}</span>
        )}
        {/* A release's title, then what to do with it: set apart as the actions are from each other. */}
        {release?.slug ? <span aria-hidden="true"> · </span> : ' '}
        {upcoming && (
          <>
            <a href={`${languagePath(lang)}#newsletter`}>{t('banner.notify')}</a>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <ExternalLink href={watch} platform="youtube" release={featuredWatch ? release?.slug : undefined}>
          {t('banner.watch')}
        </ExternalLink>
        <span aria-hidden="true"> · </span>
        <ExternalLink href={listen} platform="spotify" release={featuredListen ? release?.slug : undefined}>
          {t('banner.listen')}
        </ExternalLink>
      </p>
    </aside>
  );
}
