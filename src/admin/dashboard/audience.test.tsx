// @vitest-environment jsdom
/**
 * The dashboard's fan numbers per sample: each played sample by its title and its service, with its plays and its
 * Before / After switches, in the fan-numbers block beside the releases; no block at all while no sample was played.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { readTable } from '../testing/tables';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyReport, fakeBackend } from '../testing/fake-backend';
import { renderAdmin } from '../testing/render-admin';
import { sampleNamesOf } from './audience';

afterEach(cleanup);
// The chart sizes itself to its box; jsdom has no layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const lists = {
  services: [{ id: 'mixing', title_en: 'Mixing', title_ro: 'Mixaj' }],
  samples: [
    { id: 's1', service: 'mixing', title_en: 'Pop mix', title_ro: 'Mix pop' },
    { id: 's2', service: 'gone', title_en: 'Old beat', title_ro: 'Beat vechi' },
  ],
};

describe('fan numbers per sample', () => {
  it('name each sample by its title and its service', () => {
    expect([...sampleNamesOf(lists.samples, lists.services)]).toEqual([
      ['s1', 'Pop mix (Mixing)'],
      ['s2', 'Old beat'],
    ]);
  });

  it('show plays and switches per sample, by name; a sample removed since says so', async () => {
    const report = {
      ...emptyReport(),
      samples: [
        { sample: 's1', plays: 1234, switches: 56 },
        { sample: 'removed', plays: 3, switches: 0 },
      ],
    };
    const { backend } = fakeBackend({ lists }, { audience: vi.fn(async () => report) });
    renderAdmin(backend, '/admin/visitors');
    const table = await readTable('Samples');
    expect(table.headers()).toEqual(['Sample', 'Plays', 'Before / After switches']);
    await waitFor(() =>
      expect(table.rows()).toEqual([
        ['Pop mix (Mixing)', '1,234', '56'],
        ['A removed sample', '3', '0'],
      ]),
    );
  });

  it('are not shown while no sample was played', async () => {
    const { backend } = fakeBackend({ lists }, { audience: vi.fn(async () => ({ ...emptyReport(), samples: [] })) });
    renderAdmin(backend, '/admin/visitors');
    await screen.findByRole('heading', { name: 'Releases' });
    expect(screen.queryByRole('heading', { name: 'Samples' })).toBeNull();
  });
});
