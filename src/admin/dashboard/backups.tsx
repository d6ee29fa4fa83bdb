import { useEffect, useState } from 'react';
import type { BackupStatus } from '../../content/backend';
import { useBackend } from '../auth';
import { fillParts } from '../fill-parts';
import { t } from '../words';

/**
 * The scheduled backups on the dashboard (Scena's server only; docs/decisions/0029-backups-by-themselves.md): nothing
 * while they happen, an alert when the last one failed or the newest is too old, a quiet line before the first.
 */
export function BackupNotice(props: { status?: BackupStatus }) {
  const { status } = props;
  if (!status || status.state === 'ok' || status.state === 'off') return null;
  if (status.state === 'missing' && !/hours old/.test(status.message)) return <p className="notice">{t('backupsLine', { message: status.message })}</p>;
  return (
    <p className="notice notice--error" role="alert">
      {t('backupsAttention')} {status.message} {fillParts(t('backupsAsk'), { command: <code>npm run admin -- doctor</code> })}
    </p>
  );
}

export function Backups() {
  const backend = useBackend();
  const [status, setStatus] = useState<BackupStatus>();
  useEffect(() => {
    let live = true;
    backend.backupStatus?.().then(
      (s) => live && setStatus(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [backend]);
  return <BackupNotice status={status} />;
}
