// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setAdminLanguage } from '../language';
import { BackupNotice } from './backups';

const render = (element: React.ReactElement) => {
  const host = document.createElement('div');
  host.innerHTML = renderToString(element);
  return host;
};

describe("the dashboard's word on backups", () => {
  it('says nothing while they happen, or where there are none to speak of', () => {
    expect(render(<BackupNotice status={{ state: 'ok', message: 'The newest backup is 3 hours old and verified.' }} />).textContent).toBe('');
    expect(render(<BackupNotice status={{ state: 'off', message: 'Scheduled backups are off.' }} />).textContent).toBe('');
    expect(render(<BackupNotice />).textContent).toBe('');
  });

  it('says quietly that the first one is still to come', () => {
    const host = render(<BackupNotice status={{ state: 'missing', message: 'No backup yet: the first is taken from 4:00.' }} />);
    expect(host.textContent).toContain('No backup yet');
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });

  it('alerts when the last one failed, or the newest is too old, with what happened', () => {
    const failed = render(<BackupNotice status={{ state: 'failed', message: 'The last backup failed: the disk is full.' }} />);
    expect(failed.querySelector('[role="alert"]')?.textContent).toContain('Backups need attention. The last backup failed: the disk is full.');
    const old = render(<BackupNotice status={{ state: 'missing', message: 'The newest backup is 50 hours old: is the server running?' }} />);
    expect(old.querySelector('[role="alert"]')?.textContent).toContain('50 hours old');
  });

  it("says the server's status in Romanian when the admin is in Romanian, restic's own words kept", () => {
    setAdminLanguage('ro');
    try {
      const none = render(<BackupNotice status={{ state: 'missing', message: "No backup yet: the first is taken from 4:00 of the artist's day." }} />);
      expect(none.textContent).toBe('Copii de siguranță: Încă nu există nicio copie de siguranță: prima se face de la ora 4:00, după ora artistului.');
      const old = render(<BackupNotice status={{ state: 'missing', message: 'The newest backup is 50 hours old: is the server running?' }} />);
      expect(old.querySelector('[role="alert"]')?.textContent).toContain('Cea mai nouă copie de siguranță are 50 de ore: serverul funcționează?');
      const failed = render(<BackupNotice status={{ state: 'failed', message: 'The last backup failed: ENOSPC' }} />);
      expect(failed.textContent).toContain('Copiile de siguranță cer atenție. Ultima copie de siguranță nu a reușit: ENOSPC');
    } finally {
      setAdminLanguage('en');
    }
  });
});
