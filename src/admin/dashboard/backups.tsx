import { useEffect, useState } from 'react';
import type { BackupStatus } from '../../content/backend';
import { useBackend } from '../auth';

/**
 * The scheduled backups on the dashboard (Scena's server only; docs/decisions/0029-backups-by-themselves.md): nothing
 * while they happen, an alert when the last one failed or the newest is too old, a quiet line before the first.
 */
export function BackupNotice(props: { status?: BackupStatus }) {
  const { status } = props;
  if (!status || status.state === 'ok' || status.state === 'off') return null;
  if (status.state === 'missing' && !/hours old/.test(status.message)) return <p className="notice">Backups: {status.message}</p>;
  return (
    <p className="notice notice--error" role="alert">
      Backups need attention. {status.message} Ask whoever set up the server, or run <code>npm run admin -- doctor</code> there.
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
