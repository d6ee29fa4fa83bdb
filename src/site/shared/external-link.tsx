import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n';

/**
 * A link to another site: new tab, no opener, no referrer, and says so to screen readers. `platform` (a platform
 * or link key: 'spotify', 'youtube', 'instagram' …) and `release` (its slug) mark it for the fan numbers: a click
 * on it is counted by platform and release (src/audience/beacon.ts).
 */
export function ExternalLink(props: { href: string; className?: string; platform?: string; release?: string; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <a
      className={props.className}
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      data-platform={props.platform}
      data-release={props.platform ? props.release : undefined}
    >
      {props.children}
      <span className="sr-only"> {t('common.newTab')}</span>
    </a>
  );
}
