/**
 * The header of a page other than the home page (a release, the releases, a show, the shows, not found): the artist's
 * name back to the home page, a way to each of the home page's sections (on a phone behind Menu, a <details> that
 * opens without JavaScript), and the same page in the other language (a link: each language has its own address).
 */
import { siteConfig } from '../../../site.config';
import { LANGUAGES, type Language } from '../../content/constants';
import { useI18n } from '../../i18n/i18n';
import { languagePath } from '../../preferences/language';
import { NAV_ITEMS } from '../sections';

/** `twin`: the same page's address in a language (app.tsx: a release's, the shows', a show's; else the home page). */
export function PageHeader({ twin = languagePath }: { twin?: (lang: Language) => string }) {
  const { t, lang } = useI18n();
  const links = (
    <ul className="nav__links">
      {NAV_ITEMS.map((item) => (
        <li key={item.id}>
          <a href={`${languagePath(lang)}#${item.id}`}>{t(item.label)}</a>
        </li>
      ))}
    </ul>
  );
  return (
    <header className="nav nav--page">
      <div className="nav__bar">
        <a className="nav__brand" href={languagePath(lang)}>
          {siteConfig.artist.name}
        </a>
        <nav className="nav__sections" aria-label={t('nav.label')}>
          <details className="nav__details">
            <summary className="nav__summary">
              <span className="nav__toggle-icon" aria-hidden="true" />
              {t('nav.menu')}
            </summary>
            {links}
          </details>
          <div className="nav__wide">{links}</div>
        </nav>
        <ul className="nav__lang" aria-label={t('nav.language')}>
          {LANGUAGES.map((code) => (
            <li key={code}>
              <a href={twin(code)} hrefLang={code} lang={code} aria-current={code === lang ? 'page' : undefined}>
                {code.toUpperCase()}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
