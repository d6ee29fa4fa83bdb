import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';

/** A link to another site: new tab, no opener, no referrer, and says so to screen readers. */
export function ExternalLink(props: { href: string; className?: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <a className={props.className} href={props.href} target="_blank" rel="noopener noreferrer">
      {props.children}
      <span className="sr-only"> {t('common.newTab')}</span>
    </a>
  );
}
