import { useEffect, useRef, useState } from 'react';
import { siteConfig } from '../../../site.config';
import { LANGUAGES, type Language } from '../../content/constants';
import { useI18n } from '../../i18n/i18n';
import { loadLanguage } from '../../i18n/translate';
import { languagePath } from '../../preferences/language';
import { usePreferences } from '../../preferences/use-preferences';
import { NAV_ITEMS } from '../sections';
import { scrollToSection } from '../shared/scroll';
import { useScrollState } from './use-scroll-state';

/** A language's words, asked for ahead of the click (a failure is the click's to meet: the page then changes with the words it has). */
const preload = (lang: Language) => void loadLanguage(lang).catch(() => undefined);

export function Nav() {
  const { t, lang, setLang } = useI18n();
  const { reduceMotion, toggleReduceMotion } = usePreferences();
  const { active, scrolled } = useScrollState();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="nav" data-scrolled={scrolled} data-open={open}>
      <nav className="nav__bar" aria-label={t('nav.label')}>
        <a className="nav__brand" href="#hero" onClick={(e) => go(e, 'hero')}>
          {siteConfig.artist.name}
        </a>
        <button ref={toggleRef} type="button" className="nav__toggle" aria-expanded={open} aria-controls="nav-menu" onClick={() => setOpen(!open)}>
          <span className="nav__toggle-icon" aria-hidden="true" />
          {t('nav.menu')}
        </button>
        <div className="nav__menu" id="nav-menu">
          <ul className="nav__links">
            {NAV_ITEMS.map((item) => (
              <li key={item.id}>
                <a href={`#${item.id}`} aria-current={active === item.id ? 'location' : undefined} onClick={(e) => go(e, item.id)}>
                  {t(item.label)}
                </a>
              </li>
            ))}
          </ul>
          <div className="nav__controls">
            <div className="nav__lang" role="group" aria-label={t('nav.language')}>
              {LANGUAGES.map((code) => (
                <button
                  key={code}
                  type="button"
                  lang={code}
                  aria-pressed={lang === code}
                  title={code === 'en' ? t('nav.english') : t('nav.romanian')}
                  onClick={() => setLang(code)}
                  // Each language's words are a chunk of their own (src/i18n/translate.ts): asked for as the pointer or
                  // the keyboard reaches the button, so that they are here by the click.
                  onPointerEnter={() => preload(code)}
                  onFocus={() => preload(code)}
                >
                  {code.toUpperCase()}
                </button>
              ))}
            </div>
            <button type="button" className="nav__motion" aria-pressed={reduceMotion} onClick={toggleReduceMotion}>
              {reduceMotion ? t('nav.enableMotion') : t('nav.reduceMotion')}
            </button>
          </div>
          {/* Without JavaScript the buttons above do nothing: each language's own address instead (issue 32). */}
          <ul className="nav__lang-links if-no-script" aria-label={t('nav.language')}>
            {LANGUAGES.map((code) => (
              <li key={code}>
                {code === lang ? (
                  <span lang={code}>{code.toUpperCase()}</span>
                ) : (
                  <a href={languagePath(code)} hrefLang={code} lang={code}>
                    {code.toUpperCase()}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </header>
  );

  function go(event: React.MouseEvent, id: string) {
    event.preventDefault();
    setOpen(false);
    scrollToSection(id, reduceMotion);
  }
}
