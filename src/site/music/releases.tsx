import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';

/** Lazy feature block: the releases the admin lists, in the admin's order. Absent while there are none. */
export default function Releases() {
  const { t } = useI18n();
  const { releases } = useContent().content;
  if (releases.length === 0) return null;
  return (
    <div className="releases">
      <h3>{t('music.releases')}</h3>
      <ul className="releases__list">
        {releases.map((release) => {
          const href = safeHttps(release.url, '');
          return (
            <li key={release.id}>
              {href ? <ExternalLink href={href}>{release.title}</ExternalLink> : <span>{release.title}</span>}
              {release.meta && <span className="releases__meta">{release.meta}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
