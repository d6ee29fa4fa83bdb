// @vitest-environment jsdom
/**
 * The dashboard's fan numbers per show (issue 23): each show with a ticket click or a calendar download, named by its
 * venue, city and day, most clicked first; a show removed since says so; no table while no show has a number.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { readTable } from '../testing/tables';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyReport, fakeBackend } from '../testing/fake-backend';
import { renderAdmin } from '../testing/render-admin';
import { showName } from './shows-numbers';

afterEach(cleanup);
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const lists = {
  shows: [
    { id: 'lisbon', venue: 'LX Factory', city: 'Lisboa', start: '2027-01-10T18:30' },
    { id: 'autumn', venue: 'Form Space', city: 'Cluj-Napoca', start: '2026-10-25T03:30+02:00' },
  ],
};

describe('fan numbers per show', () => {
  it('name a show by its venue, city and day on its own clock (a repeated time’s offset is not a day)', () => {
    expect(showName(lists.shows[0]!, 'en')).toBe('LX Factory, Lisboa · 10 Jan 2027');
    expect(showName(lists.shows[1]!, 'ro')).toBe('Form Space, Cluj-Napoca · 25 oct. 2026');
  });

  it('show ticket clicks and calendar downloads per show, by name; a show removed since says so', async () => {
    const report = {
      ...emptyReport(),
      shows: [
        { show: 'lisbon', tickets: 1234, calendars: 5 },
        { show: 'removed', tickets: 2, calendars: 0 },
      ],
    };
    const { backend } = fakeBackend({ lists }, { audience: vi.fn(async () => report) });
    renderAdmin(backend, '/admin/visitors');
    const table = await readTable('Shows');
    expect(table.headers()).toEqual(['Show', 'Ticket clicks', 'Calendar downloads']);
    await waitFor(() =>
      expect(table.rows()).toEqual([
        ['LX Factory, Lisboa · 10 Jan 2027', '1,234', '5'],
        ['A removed show', '2', '0'],
      ]),
    );
  });

  it('has no table while no show has a number', async () => {
    const { backend } = fakeBackend({ lists }, { audience: vi.fn(async () => ({ ...emptyReport(), shows: [] })) });
    renderAdmin(backend, '/admin/visitors');
    await screen.findByRole('table', { name: 'Other events' });
    expect(screen.queryByRole('table', { name: 'Shows' })).toBeNull();
  });
});
