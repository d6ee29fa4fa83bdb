import { siteConfig } from '../../../site.config';
import { visibleListeners } from '../../content/public-content';
import { defaultAlt } from '../../content/default-alt';
import { releaseCount } from '../../content/release-cycle';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { formatCount } from '../../lib/format-count';
import { useNow } from '../shared/now';
import { Picture, useImage } from '../shared/picture';
// In About's chunk, not a lazy part of it: the block comes live whole, in place of the server's markup (a part that
// suspended there would leave a hole for a moment).
import WorkedWith from './worked-with';

const BIOS = ['bio1', 'bio2', 'bio3'] as const;

export default function About() {
  const { t, lang } = useI18n();
  const { content } = useContent();
  const settings = content.settings;
  const listeners = visibleListeners(content.stats?.monthlyListeners, siteConfig.monthlyListenersThreshold);
  const portrait = useImage(settings?.portrait, (lang) => defaultAlt('settings', 'portrait', settings, lang));
  const now = useNow();
  return (
    <>
      <p className="lede">{t('about.heading')}</p>
      <div className="about__grid">
        <div className="about__bio">
          {BIOS.map((bio) => (
            <p key={bio}>{settings?.[`${bio}_${lang}`]?.trim() || t(`about.${bio}`, { sinceYear: siteConfig.artist.sinceYear })}</p>
          ))}
        </div>
        <div className="about__aside">
          {/* The second column: the grid's 2fr of at most 72rem above 52rem wide, the page's width below. */}
          {portrait && <Picture className="about__portrait" {...portrait} sizes="(min-width: 52rem) min(28rem, 38vw), calc(100vw - 2rem)" />}
          <dl className="stats" aria-label={t('about.statsLabel')}>
            {listeners !== undefined && (
              <div className="stats__item">
                <dt>{t('about.monthlyListeners')}</dt>
                <dd>{formatCount(listeners, lang)}</dd>
              </div>
            )}
            <div className="stats__item">
              <dt>{t('about.releases')}</dt>
              <dd>{formatCount(releaseCount(content, now), lang)}</dd>
            </div>
            <div className="stats__item">
              <dt>{t('about.since')}</dt>
              <dd>{siteConfig.artist.sinceYear}</dd>
            </div>
          </dl>
        </div>
      </div>
      <WorkedWith />
    </>
  );
}
