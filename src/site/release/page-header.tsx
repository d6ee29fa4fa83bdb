/**
 * The header of a page other than the home page (a release, a show, the shows, not found): the artist's name back to the home
 * page, and the same page in the other language (a link: each language has its own address).
 */
import { siteConfig } from '../../../site.config';
import { LANGUAGES, type Language } from '../../content/constants';
import { releasePath } from '../../content/release-cycle';
import { useI18n } from '../../i18n/i18n';
import { languagePath } from '../../preferences/language';

/** `twin`: the same page's address in a language (a release's page by its slug, else the home page). */
export function PageHeader({ slug, twin }: { slug?: string; twin?: (lang: Language) => string }) {
  const { t, lang } = useI18n();
  return (
    <header className="nav nav--page">
      <div className="nav__bar">
        <a className="nav__brand" href={languagePath(lang)}>
          {siteConfig.artist.name}
        </a>
        <ul className="nav__lang" aria-label={t('nav.language')}>
          {LANGUAGES.map((code) => (
            <li key={code}>
              <a
                href={twin ? twin(code) : slug ? releasePath(code, slug) : languagePath(code)}
                hrefLang={code}
                lang={code}
                aria-current={code === lang ? 'page' : undefined}
              >
                {code.toUpperCase()}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
