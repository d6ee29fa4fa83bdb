import { useEffect, useRef, useState, type ReactNode } from 'react';
import { siteConfig } from '../../../site.config';
import { LINK_KEYS } from '../../content/constants';
import { detectBackend } from '../../content/public-content';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { mailtoHref, safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { bookingGate, loadBookingForm, useBookingSetup } from '../booking/booking-intent';
import { lazyBlock } from '../shared/lazy-block';
import { useNearViewport } from '../shared/use-near-viewport';

const BookingDialog = lazyBlock('booking', () => import('../booking/booking-dialog'));
// The form's code loads when the section nears the view (or a "Get in touch" asks): until then the form the
// server rendered stays as it is, and works as a plain form.
const BookingClient = lazyBlock('booking-form', () => import('../booking/booking-client'), bookingGate);

/**
 * What the block needs before it comes live, besides its own code (app.tsx: a near block): the form's code when the
 * page holds the form (Scena's server), so that the live form takes the server's place at once, with no empty moment
 * (a shift of what follows) and nothing typed lost.
 */
export async function ready(): Promise<void> {
  if (typeof document === 'undefined' || detectBackend(document) !== 'server') return;
  loadBookingForm();
  await BookingClient.preload();
}

/** Beside the form, the facts and the follow links share its column; without it, each has one. */
const Aside = (props: { form: boolean; children: ReactNode }) => (props.form ? <div className="contact__aside">{props.children}</div> : <>{props.children}</>);

/** Social links shown under "Follow": every link but Spotify for Artists, which is for the artist. */
export const SOCIAL_KEYS = LINK_KEYS.filter((key) => key !== 'artistconnect');

export default function Contact() {
  const { t, lang } = useI18n();
  const { settings } = useContent().content;
  const [booking, setBooking] = useState(false);
  // Where the focus returns when the dialog closes: the dialog's own return goes to whatever had the focus when it
  // opened, which is not this button after a tap in Safari (a tap does not focus a button there) nor after a click the
  // page took before its code was live (a loaded run's focus was left on the page).
  const book = useRef<HTMLButtonElement>(null);
  const setup = useBookingSetup();
  // The server's page holds the form; on Firebase it comes once the reader says it can send.
  const [form, setForm] = useState(setup.backend === 'server');
  const [nearRef, near] = useNearViewport<HTMLDivElement>();
  useEffect(() => {
    if (near) loadBookingForm();
  }, [near]);
  useEffect(() => {
    let live = true;
    if (!form && setup.backend === 'firebase') void setup.reader?.then((reader) => live && setForm(Boolean(reader.sendBooking)));
    return () => {
      live = false;
    };
  }, [form, setup]);
  const href = mailtoHref(settings?.email, siteConfig.defaultEmail);
  const email = href.slice('mailto:'.length);
  return (
    <>
      <p className="lede">{t('contact.heading')}</p>
      <div ref={nearRef} className="contact__grid">
        {form && (
          <div className="contact__form">
            <BookingClient />
          </div>
        )}
        <Aside form={form}>
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
                  <ExternalLink platform={key} href={safeHttps(settings?.links?.[key], siteConfig.defaultLinks[key])}>
                    {t(`social.${key}`)}
                  </ExternalLink>
                </li>
              ))}
            </ul>
            {!form && (
              <button ref={book} type="button" className="button button--primary" aria-haspopup="dialog" onClick={() => setBooking(true)}>
                {t('contact.book')}
              </button>
            )}
          </div>
        </Aside>
      </div>
      {booking && (
        <BookingDialog
          email={email}
          onClose={() => {
            setBooking(false);
            book.current?.focus();
          }}
        />
      )}
    </>
  );
}
