/**
 * The Services section (its code loads when the section nears the view: src/site/shared/near-block.tsx): a card per
 * service in the admin's order (the spec's four while the list is empty), each with its price and turnaround, what it
 * includes, its samples and "Get in touch", which opens the booking form with the service's own choice; then the
 * selected credits and what clients say, each only when there are some.
 */
import type { Language } from '../../content/constants';
import type { PublicContent, Service } from '../../content/model';
import { useContent } from '../../content/use-content';
import { useI18n } from '../../i18n/i18n';
import { usePreferences } from '../../preferences/use-preferences';
import { PlayerAnnouncer, Samples } from '../player/samples';
import { askForBooking } from '../booking/booking-intent';
import { scrollToSection } from '../shared/scroll';
import { Credits } from './credits';
import { includedLines, priceLine, samplesOf, shownServices, worded } from './service-words';
import { Testimonials } from './testimonials';

export default function Services() {
  const { t } = useI18n();
  const { content } = useContent();
  const services = shownServices(content);
  const playable = services.some((service) => samplesOf(service, content).length > 0);
  return (
    <>
      <p className="lede">{t('services.heading')}</p>
      <ul className="services">
        {services.map((service) => (
          <li key={service.id} className="card service">
            <ServiceCard service={service} content={content} />
          </li>
        ))}
      </ul>
      {playable && <PlayerAnnouncer />}
      <Credits />
      <Testimonials />
    </>
  );
}

function ServiceCard({ service, content }: { service: Service; content: PublicContent }) {
  const { t, lang } = useI18n();
  const { reduceMotion } = usePreferences();
  const title = worded(service, 'title', lang);
  const description = worded(service, 'description', lang);
  const note = worded(service, 'priceNote', lang);
  const included = worded(service, 'included', lang);
  const line = priceLine(service, lang);
  const samples = samplesOf(service, content);
  return (
    <>
      <h3 lang={title.lang}>{title.text}</h3>
      {description.text && <Text className="service__description" worded={description} />}
      {(line || note.text) && (
        <p className="service__price">
          {line && <span className="service__line">{line}</span>}
          {note.text && (
            <span className="service__note" lang={note.lang}>
              {note.text}
            </span>
          )}
        </p>
      )}
      {included.text && (
        <div className="service__included">
          <h4>{t('services.included')}</h4>
          <ul lang={included.lang}>
            {includedLines(included.text).map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      {samples.length > 0 && <Samples samples={samples} service={title.text} tagged={Boolean(content.settings?.producerTag)} />}
      <a
        className="button button--secondary"
        href="#contact"
        aria-label={t('services.ctaFor', { service: title.text })}
        onClick={(event) => {
          event.preventDefault();
          scrollToSection('contact', reduceMotion);
          // The booking form, where there is one, preselects this service and takes the focus.
          askForBooking(service.booking);
        }}
      >
        {t('services.cta')}
      </a>
    </>
  );
}

/** A paragraph in the page's language, or marked as the other's. */
const Text = (props: { className?: string; worded: { text: string; lang?: Language } }) => (
  <p className={props.className} lang={props.worded.lang}>
    {props.worded.text}
  </p>
);
