import { useI18n } from '../../i18n/i18n';
import { usePreferences } from '../../preferences/use-preferences';
import { scrollToTop } from '../shared/scroll';
import { useScrollState } from './use-scroll-state';

/** Shown after 400 px of scrolling. Rendered after the footer: the next Tab stop after the page's last control. */
export function BackToTop() {
  const { t } = useI18n();
  const { reduceMotion } = usePreferences();
  const { showBackToTop } = useScrollState();
  if (!showBackToTop) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      onClick={() => {
        scrollToTop(reduceMotion);
        document.getElementById('hero')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span> {t('nav.backToTop')}
    </button>
  );
}
