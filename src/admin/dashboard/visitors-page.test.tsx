// @vitest-environment jsdom
/**
 * Names that say what they are (issue 33, docs/decisions/0047): the visitors' numbers are a page of their own,
 * Visitors, in the menu where the backend counts them; the dashboard keeps the last 30 days' two totals and a link
 * there; without counting the menu has no Visitors and the page says why. Stats (the spec's menu name) is headed for
 * what it holds, the monthly listeners.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyReport, fakeBackend } from '../testing/fake-backend';
import { renderAdmin } from '../testing/render-admin';

afterEach(cleanup);
// The chart sizes itself to its box; jsdom has no layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const counting = () => fakeBackend({}, { audience: vi.fn(async (days: 7 | 30 | 365) => ({ ...emptyReport(days), totals: { visitors: 1234, views: 5678 } })) });
const nav = () => within(screen.getByRole('navigation', { name: 'Admin' }));

describe('the Visitors page', () => {
  it('is in the menu where the backend counts; the dashboard shows the totals and the way there', async () => {
    const { backend } = counting();
    renderAdmin(backend, '/admin');
    const glance = within(await screen.findByRole('region', { name: 'Visitors' }));
    expect(await glance.findByText('In the last 30 days:')).toBeTruthy();
    expect(glance.getByText('1,234')).toBeTruthy();
    expect(glance.getByText('5,678')).toBeTruthy();
    expect(glance.getByRole('link', { name: 'All the visitor numbers' }).getAttribute('href')).toBe('/admin/visitors');
    expect(backend.audience).toHaveBeenCalledWith(30);
    // The whole report is no longer on the dashboard.
    expect(screen.queryByRole('radio')).toBeNull();
    expect(nav().getByRole('link', { name: 'Visitors' }).getAttribute('href')).toBe('/admin/visitors');
  });

  it('holds the whole report under its own heading', async () => {
    const { backend } = counting();
    renderAdmin(backend, '/admin/visitors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visitors' })).toBeTruthy();
    expect(await screen.findByRole('radio', { name: '30 days' })).toBeTruthy();
    expect(nav().getByRole('button', { name: /^Menu · Visitors$/ })).toBeTruthy();
  });

  it('is not in the menu where nothing is counted; its address says why', async () => {
    const { backend } = fakeBackend();
    renderAdmin(backend, '/admin');
    const glance = within(await screen.findByRole('region', { name: 'Visitors' }));
    expect(glance.getByText(/^No visitor numbers here/)).toBeTruthy();
    expect(nav().queryByRole('link', { name: 'Visitors' })).toBeNull();
    cleanup();
    renderAdmin(backend, '/admin/visitors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visitors' })).toBeTruthy();
    expect(screen.getByText(/^No visitor numbers here/)).toBeTruthy();
  });
});

describe('Stats', () => {
  it('keeps its short name in the menu and is headed for what it holds', async () => {
    const { backend } = fakeBackend({ singletons: { stats: { monthlyListeners: 12 } } });
    renderAdmin(backend, '/admin/stats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stats: monthly listeners' })).toBeTruthy();
    expect(nav().getByRole('link', { name: 'Stats' }).getAttribute('href')).toBe('/admin/stats');
    expect(nav().getByRole('button', { name: /^Menu · Stats$/ })).toBeTruthy();
  });
});
