import { useI18n } from '../../i18n/i18n';
import { usePreferences } from '../../preferences/use-preferences';
import { askForBooking, SERVICE_OF_CARD } from '../booking/booking-intent';
import { scrollToSection } from '../shared/scroll';

export const SERVICES = ['beats', 'mixing', 'mastering', 'collabs'] as const;

export default function Services() {
  const { t } = useI18n();
  const { reduceMotion } = usePreferences();
  return (
    <>
      <p className="lede">{t('services.heading')}</p>
      <ul className="services">
        {SERVICES.map((service) => (
          <li key={service} className="card">
            <h3>{t(`services.${service}.title`)}</h3>
            <p>{t(`services.${service}.description`)}</p>
            <a
              className="button button--secondary"
              href="#contact"
              aria-label={t('services.ctaFor', { service: t(`services.${service}.title`) })}
              onClick={(event) => {
                event.preventDefault();
                scrollToSection('contact', reduceMotion);
                // The booking form, where there is one, preselects this service and takes the focus.
                askForBooking(SERVICE_OF_CARD[service]);
              }}
            >
              {t('services.cta')}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
