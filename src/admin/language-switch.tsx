import { useEffect, useRef, useState } from 'react';
import { LANGUAGES, type Language } from '../content/model';
import { hasUnsavedChanges, OWN_NAMES, setAdminLanguage, useAdminLanguage } from './language';
import { t } from './words';

/** After a switch the pages are shown again (./main.tsx): the switch takes the focus back where it was. */
let refocus: Language | undefined;

/**
 * The header's language switch: "English" and „Română”, each named in its own language (and marked with it), the
 * current one pressed. A switch shows the page again in the other language; with unsaved changes on the page it asks
 * first, as leaving the page does (docs/decisions/0031).
 */
export function LanguageSwitch() {
  const language = useAdminLanguage();
  const [asking, setAsking] = useState<Language | undefined>();
  const buttons = useRef<Partial<Record<Language, HTMLButtonElement | null>>>({});

  useEffect(() => {
    if (!refocus) return;
    buttons.current[refocus]?.focus();
    refocus = undefined;
  }, []);

  const choose = (next: Language, confirmed = false) => {
    if (next === language) return;
    if (!confirmed && hasUnsavedChanges()) {
      setAsking(next);
      return;
    }
    refocus = next;
    setAsking(undefined);
    setAdminLanguage(next);
  };

  return (
    <div className="language-switch">
      <div role="group" aria-label={t('language')} className="language-switch__choices">
        {LANGUAGES.map((choice) => (
          <button
            key={choice}
            ref={(element) => {
              buttons.current[choice] = element;
            }}
            type="button"
            lang={choice}
            className="language-switch__choice"
            aria-pressed={choice === language}
            onClick={() => choose(choice)}
          >
            {OWN_NAMES[choice]}
          </button>
        ))}
      </div>
      {asking && (
        <div className="confirm" role="alertdialog" aria-modal="false" aria-labelledby="language-unsaved-title" aria-describedby="language-unsaved-text">
          <h2 id="language-unsaved-title">{t('switchUnsavedTitle')}</h2>
          <p id="language-unsaved-text">{t('switchUnsavedText')}</p>
          <div className="actions">
            <button type="button" className="button button--primary" autoFocus onClick={() => setAsking(undefined)}>
              {t('switchStay')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => choose(asking, true)}>
              {t('switchAnyway', { language: OWN_NAMES[asking] })}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
