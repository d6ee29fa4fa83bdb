import { useEffect, useState } from 'react';
import type { BackupStatus } from '../../content/backend';
import { useBackend } from '../auth';
import { fillParts } from '../fill-parts';
import { t, tCount } from '../words';

/**
 * The scheduled backups on the dashboard (Scena's server only; docs/decisions/0029-backups-by-themselves.md): nothing
 * while they happen, an alert when the last one failed or the newest is too old, a quiet line before the first.
 */
export function BackupNotice(props: { status?: BackupStatus }) {
  const { status } = props;
  if (!status || status.state === 'ok' || status.state === 'off') return null;
  const message = statusWords(status.message);
  if (status.state === 'missing' && !/hours? old/.test(status.message)) return <p className="notice">{t('backupsLine', { message })}</p>;
  return (
    <p className="notice notice--error" role="alert">
      {t('backupsAttention')} {message} {fillParts(t('backupsAsk'), { command: <code>npm run admin -- doctor</code> })}
    </p>
  );
}

/**
 * The server's status in the admin's language: its messages (server/ops/backups.ts) read by their shape, the details
 * (restic's own words) kept as they are; a message of another shape as it came.
 */
function statusWords(message: string): string {
  const none = /^No backup yet: the first is taken from (\d+):00 of the artist's day\.$/.exec(message);
  if (none) return t('backupNone', { hour: none[1]! });
  const old = /^The newest backup is (\d+) hours? old: is the server running\?$/.exec(message);
  if (old) return tCount('backupOld', Number(old[1]));
  const failed = /^The last backup failed: (.*)$/s.exec(message);
  if (failed) return t('backupFailed', { detail: failed[1]! });
  const offsite = /^The off-site copy failed: (.*)$/s.exec(message);
  if (offsite) return t('backupOffsiteFailed', { detail: offsite[1]! });
  return message;
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
