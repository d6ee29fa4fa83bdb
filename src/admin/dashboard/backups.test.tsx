// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
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
});
