/** "Selected credits" under the services: the records the artist worked on for others, newest first. None: nothing. */
import { useContent } from '../../content/use-content';
import { defaultAlt } from '../../content/default-alt';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { Picture, useImage } from '../shared/picture';
import type { Credit } from '../../content/model';
import { creditRoles, creditsInOrder } from './service-words';

export function Credits() {
  const { t } = useI18n();
  const { credits } = useContent().content;
  if (!credits.length) return null;
  return (
    <div className="credits">
      <h3 id="credits-title">{t('credits.title')}</h3>
      <ul className="credits__list" aria-labelledby="credits-title">
        {creditsInOrder(credits).map((credit) => (
          <li key={credit.id} className="credit">
            <CreditTile credit={credit} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function CreditTile({ credit }: { credit: Credit }) {
  const { lang } = useI18n();
  const cover = useImage(credit.cover, (lang) => defaultAlt('credits', 'cover', credit, lang));
  const href = safeHttps(credit.link, '');
  const name = `${credit.artist} — ${credit.title}`;
  return (
    <>
      {cover ? (
        <Picture className="credit__cover" image={cover.image} alt={cover.alt} sizes="(min-width: 52rem) 11rem, 40vw" />
      ) : (
        <span className="credit__cover credit__cover--none" aria-hidden="true" />
      )}
      <p className="credit__name">{href ? <ExternalLink href={href}>{name}</ExternalLink> : name}</p>
      <p className="credit__meta">{[credit.year, creditRoles(credit.roles, lang)].filter(Boolean).join(' · ')}</p>
    </>
  );
}
