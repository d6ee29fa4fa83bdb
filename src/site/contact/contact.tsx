import { useState } from 'react';
import { siteConfig } from '../../../site.config';
import { LINK_KEYS } from '../../content/constants';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { mailtoHref, safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { lazyBlock } from '../shared/lazy-block';

const BookingDialog = lazyBlock('booking', () => import('../booking/booking-dialog'));

/** Social links shown under "Follow": every link but Spotify for Artists, which is for the artist. */
export const SOCIAL_KEYS = LINK_KEYS.filter((key) => key !== 'artistconnect');

export default function Contact() {
  const { t, lang } = useI18n();
  const { settings } = useContent().content;
  const [booking, setBooking] = useState(false);
  const href = mailtoHref(settings?.email, siteConfig.defaultEmail);
  const email = href.slice('mailto:'.length);
  return (
    <>
      <p className="lede">{t('contact.heading')}</p>
      <div className="contact__grid">
        <dl className="contact__facts">
          <div>
            <dt>{t('contact.location')}</dt>
            <dd>{siteConfig.artist.location[lang]}</dd>
          </div>
          <div>
            <dt>{t('contact.email')}</dt>
            <dd>
              <a className="text-link" href={href}>
                {email}
              </a>
            </dd>
          </div>
        </dl>
        <div className="contact__follow">
          <p className="contact__artist">{siteConfig.artist.name}</p>
          <h3>{t('contact.follow')}</h3>
          <ul className="social">
            {SOCIAL_KEYS.map((key) => (
              <li key={key}>
                <ExternalLink href={safeHttps(settings?.links?.[key], siteConfig.defaultLinks[key])} platform={key}>
                  {t(`social.${key}`)}
                </ExternalLink>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => setBooking(true)}>
            {t('contact.book')}
          </button>
        </div>
      </div>
      {booking && <BookingDialog email={email} onClose={() => setBooking(false)} />}
    </>
  );
}
