// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MailFailure } from './inbox-page';

const render = (element: React.ReactElement) => {
  const host = document.createElement('div');
  host.innerHTML = renderToString(element);
  return host;
};

describe("the inbox's report of the e-mail notices", () => {
  it('says nothing while notices go out', () => {
    expect(render(<MailFailure mail={{ configured: true, pending: 2, failing: [] }} />).textContent).toBe('');
    expect(render(<MailFailure />).textContent).toBe('');
  });

  it('says when notices are off, without alarm', () => {
    const host = render(<MailFailure mail={{ configured: false, pending: 0, failing: [] }} />);
    expect(host.textContent).toContain('E-mail notices are off');
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });

  it('alerts on a lasting failure: how many, since when, and the mail server\u2019s last answer (as text)', () => {
    const failing = [
      {
        bookingId: 'a',
        attempts: 7,
        lastError: '421 Try later',
        firstTriedAt: '2026-11-24T10:00:00.000Z',
        nextAttemptAt: '2026-11-24T11:00:00.000Z',
      },
      {
        bookingId: 'b',
        attempts: 3,
        lastError: '535 <b>Authentication</b> failed',
        firstTriedAt: '2026-11-24T10:30:00.000Z',
        nextAttemptAt: '2026-11-24T11:05:00.000Z',
      },
    ];
    const host = render(<MailFailure mail={{ configured: true, pending: 2, failing }} />);
    const alert = host.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('2 notices not sent since 24 Nov 2026');
    expect(alert.textContent).toContain('535 <b>Authentication</b> failed');
    expect(alert.querySelector('b')).toBeNull();
  });
});
