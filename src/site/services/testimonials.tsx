/** "What clients say" under the services: each quote in the page's language (or the other one, marked). None: nothing. */
import { useContent } from '../../content/use-content';
import { defaultAlt } from '../../content/default-alt';
import { useI18n } from '../../i18n/i18n';
import { safeHttps } from '../../lib/safe-url';
import { ExternalLink } from '../shared/external-link';
import { Picture, useImage } from '../shared/picture';
import { shownTestimonials, type Worded } from './service-words';
import type { Testimonial } from '../../content/model';

export function Testimonials() {
  const { t, lang } = useI18n();
  const shown = shownTestimonials(useContent().content.testimonials, lang);
  if (!shown.length) return null;
  return (
    <div className="testimonials">
      <h3 id="testimonials-title">{t('testimonials.title')}</h3>
      <ul className="testimonials__list" aria-labelledby="testimonials-title">
        {shown.map(({ testimonial, quote, role }) => (
          <li key={testimonial.id}>
            <Quote testimonial={testimonial} quote={quote} role={role} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Quote(props: { testimonial: Testimonial; quote: Worded; role: Worded }) {
  const { testimonial, quote, role } = props;
  const photo = useImage(testimonial.photo, (lang) => defaultAlt('testimonials', 'photo', testimonial, lang));
  const href = safeHttps(testimonial.link, '');
  return (
    <figure className="quote">
      <blockquote lang={quote.lang}>
        <p>{quote.text}</p>
      </blockquote>
      <figcaption className="quote__by">
        {photo && <Picture className="quote__photo" image={photo.image} alt={photo.alt} sizes="3.5rem" />}
        <span>
          <span className="quote__name">{href ? <ExternalLink href={href}>{testimonial.name}</ExternalLink> : testimonial.name}</span>
          {role.text && (
            <span className="quote__role" lang={role.lang}>
              {role.text}
            </span>
          )}
        </span>
      </figcaption>
    </figure>
  );
}
