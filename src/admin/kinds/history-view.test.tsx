// @vitest-environment jsdom
/**
 * A version as the admin reads it (issue 33, docs/decisions/0046): every version lists the values it held, the first
 * too (an image as its thumbnail and name, a reference by its name, a date in the admin's language, a long text
 * shortened), what it changed marked with the value before; the question before a restore says, for each field that
 * will change, what it holds now → what it will hold, in the admin's language.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../content/backend';
import { KINDS } from '../../content/kinds';
import { LANGUAGE_KEY, reloadAdminLanguage } from '../language';
import { MediaLibrary } from '../media/library';
import { fakeBackend } from '../testing/fake-backend';
import { renderAdmin } from '../testing/render-admin';
import { ChangeView, fieldChanges, heldValues, HeldView, type Reading } from './history';

afterEach(() => {
  cleanup();
  localStorage.removeItem(LANGUAGE_KEY);
  reloadAdminLanguage();
});

const releases = KINDS.find((k) => k.name === 'releases')!;
const settings = KINDS.find((k) => k.name === 'settings')!;
const library = [
  {
    id: 'old',
    src: 'https://images.example.com/old.jpg',
    width: 800,
    height: 800,
    placeholder: '',
    name: 'old.jpg',
    alt_en: 'A grey cover',
    alt_ro: 'O copertă gri',
  },
  {
    id: 'new',
    src: 'https://images.example.com/new.jpg',
    width: 800,
    height: 800,
    placeholder: '',
    name: 'new.jpg',
    alt_en: 'A blue cover',
    alt_ro: 'O copertă albastră',
  },
];

function shown(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes = fieldChanges(releases, before, after);
  const view = render(
    <MediaLibrary.Provider value={library}>
      <dl>
        {changes.map((change) => (
          <div key={change.input.name} data-field={change.name}>
            <dt>{change.name}</dt>
            <dd>
              <ChangeView kind={releases} change={change} library={library} />
            </dd>
          </div>
        ))}
      </dl>
    </MediaLibrary.Provider>,
  );
  return (name: string) => view.container.querySelector(`[data-field="${name}"] dd`)!;
}

const entry = (version: number, action: HistoryEntry['action'], value: Record<string, unknown> | null, changed: string[] = []): HistoryEntry => ({
  version,
  at: '2026-12-01T10:00:00.000Z',
  action,
  value,
  changed,
});

/** A version's values as rendered: each field's name (with its mark) and what it held. */
function versionShown(reading: Reading, version: HistoryEntry, previous: HistoryEntry | undefined, oldest = !previous) {
  const view = render(
    <dl>
      {heldValues(reading.kind, version, previous, oldest).map((held) => (
        <HeldView key={held.input.name} reading={reading} held={held} />
      ))}
    </dl>,
  );
  return [...view.container.querySelectorAll('.history__value')].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]);
}

const original = {
  title: 'Drumul spre casă',
  slug: 'drumul-spre-casa',
  status: 'published',
  kind: 'ep',
  date: '2026-12-16T00:00',
  cover: 'old',
  links: { spotify: 'https://open.spotify.com/album/a' },
  description_en: 'A long road home. '.repeat(20).trim(),
  description_ro: '',
  tracks: 4,
  meta: '',
  url: '',
  fansLetter: 'no',
};

describe('a version lists the values it held', () => {
  it('the first version: every value it had, as the rows read them, nothing marked', () => {
    const rows = versionShown({ kind: releases, library }, entry(1, 'create', original), undefined);
    expect(rows).toEqual([
      ['Title', 'Drumul spre casă'],
      ['Address', 'drumul-spre-casa'],
      ['Status', 'Published'],
      ['Kind', 'EP'],
      ['Release date and time', '16 Dec 2026'],
      ['Cover', 'old.jpg'],
      ['Listen on: Spotify', 'open.spotify.com/album/a'],
      // An unchanged long text, shortened at a word near 160 characters.
      ['Description, English', `${'A long road home. '.repeat(8)}A long road …`],
      ['Number of tracks', '4'],
      ['Write to my fans when it comes out', 'No'],
    ]);
  });

  it('a later version: its own values, the changed ones marked with their value before', () => {
    const mistake = { ...original, title: 'Drumul spre csaă', cover: 'new', tracks: 5, links: {} };
    const rows = versionShown({ kind: releases, library }, entry(2, 'update', mistake, ['title']), entry(1, 'create', original));
    expect(rows.filter(([name]) => name!.endsWith(' changed'))).toEqual([
      ['Title changed', 'Drumul spre csaă Before: Drumul spre casă'],
      ['Cover changed', 'new.jpg Before: old.jpg'],
      // An emptied field is listed as emptied.
      ['Listen on: Spotify changed', '(empty) Before: open.spotify.com/album/a'],
      ['Number of tracks changed', '5 Before: 4'],
    ]);
    expect(rows.find(([name]) => name === 'Kind')).toEqual(['Kind', 'EP']);
  });

  it('with the version before no longer kept, marks the fields the version names, without earlier values', () => {
    const rows = versionShown({ kind: releases, library }, entry(7, 'update', { ...original, title: 'Drum' }, ['title']), undefined, false);
    expect(rows[0]).toEqual(['Title changed', 'Drum']);
    expect(rows.filter(([name]) => name!.endsWith(' changed'))).toHaveLength(1);
  });

  it('a reference by the name of what it points at, or says it is gone; a link group by its platform', () => {
    const refs = { releases: [{ id: 'r1', title: 'Ora albastră' }] };
    const rows = versionShown({ kind: settings, library, refs }, entry(1, 'create', { featuredRelease: 'r1', heroTitle_en: 'Hello' }), undefined);
    expect(rows).toEqual([
      ['Hero title, English', 'Hello'],
      ['Featured release', 'Ora albastră'],
    ]);
    const gone = versionShown({ kind: settings, library, refs }, entry(1, 'create', { featuredRelease: 'r9' }), undefined);
    expect(gone).toEqual([['Featured release', 'an item no longer in Releases']]);
  });

  it('a text of one language says its language, for a screen reader, in an admin of the other one', () => {
    localStorage.setItem(LANGUAGE_KEY, 'ro');
    reloadAdminLanguage();
    const held = heldValues(settings, entry(1, 'create', { heroTitle_en: 'Blue hour', heroTitle_ro: 'Ora albastră' }), undefined, true);
    const view = render(
      <dl>
        {held.map((h) => (
          <HeldView key={h.input.name} reading={{ kind: settings, library }} held={h} />
        ))}
      </dl>,
    );
    expect([...view.container.querySelectorAll('dd [lang]')].map((el) => [el.getAttribute('lang'), el.textContent])).toEqual([
      ['en', 'Blue hour'],
      ['ro', 'Ora albastră'],
    ]);
  });

  it('in Romanian: the names, the marks, the dates and the choices in the admin’s language', () => {
    localStorage.setItem(LANGUAGE_KEY, 'ro');
    reloadAdminLanguage();
    const rows = versionShown({ kind: releases, library }, entry(2, 'update', { ...original, title: 'Greșit' }, ['title']), entry(1, 'create', original));
    expect(rows.slice(0, 5)).toEqual([
      ['Titlu modificat', 'Greșit Înainte: Drumul spre casă'],
      ['Adresă', 'drumul-spre-casa'],
      ['Stare', 'Publicată'],
      ['Tip', 'EP'],
      ['Data și ora lansării', '16 dec. 2026'],
    ]);
  });
});

describe('the question before a restore: each field that will change, now → after restoring', () => {
  it('an image as its thumbnail and name; a link as a link; a choice by its words; a date with Intl; an emptied text', () => {
    const field = shown(
      { cover: 'old', links: { spotify: 'https://open.spotify.com/track/a' }, kind: 'single', date: '2026-12-16T00:00', meta: 'Single · 2026' },
      { cover: 'new', links: { spotify: 'https://open.spotify.com/track/b' }, kind: 'ep', date: '2026-12-18T20:00', meta: '' },
    );
    const cover = field('Cover');
    expect([...cover.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://images.example.com/old.jpg',
      'https://images.example.com/new.jpg',
    ]);
    expect(cover.textContent).toBe('now: old.jpg → after restoring: new.jpg');
    const links = [...field('Listen on: Spotify').querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['open.spotify.com/track/a', 'https://open.spotify.com/track/a'],
      ['open.spotify.com/track/b', 'https://open.spotify.com/track/b'],
    ]);
    expect(field('Kind').textContent).toBe('now: Single → after restoring: EP');
    expect(field('Release date and time').textContent).toBe('now: 16 Dec 2026 → after restoring: 18 Dec 2026, 20:00');
    expect(field('Details (album, year, songs)').textContent).toBe('now: Single · 2026 → after restoring: (empty)');
  });

  it('a link that is not https is shown as text, never as a link', () => {
    const field = shown({ url: 'https://example.com/a' }, { url: 'javascript:alert(1)' });
    expect(field('Link').querySelectorAll('a')).toHaveLength(1);
    expect(field('Link').textContent).toContain('javascript:alert(1)');
  });

  it('through the item’s history: version 1 lists the original title, and its question says mistaken → original', async () => {
    const { backend } = fakeBackend({ lists: { releases: [{ id: 'r1', ...original }], media: library } });
    await backend.update('releases', 'r1', { ...original, title: 'Drumul spre csaă' });
    await backend.update('releases', 'r1', { ...original, title: 'Drumul spre casa!' });
    renderAdmin(backend, '/admin/releases');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Drumul spre casa!' }));
    const history = (await screen.findByText('History of Drumul spre casa!')).closest('details')!;
    history.open = true;
    fireEvent(history, new Event('toggle'));
    await screen.findByRole('list', { name: 'Versions of Drumul spre casa!, newest first' });
    const first = within(screen.getByRole('group', { name: 'What version 1 held' }));
    expect(first.getByText('Title').nextElementSibling!.textContent).toBe('Drumul spre casă');
    const second = screen.getByRole('group', { name: 'What version 2 held' });
    expect(second.querySelector('.history__value--changed')!.textContent).toBe('Title changedDrumul spre csaă Before: Drumul spre casă');
    // What it kept from version 1 is folded under its change, and there when opened.
    const kept = second.querySelector('details')!;
    expect(kept.open).toBe(false);
    expect(kept.querySelector('summary')!.textContent).toBe('The other 9 values, unchanged');
    expect(within(kept).getByText('Address').nextElementSibling!.textContent).toBe('drumul-spre-casa');

    fireEvent.click(screen.getByRole('button', { name: 'Restore version 1' }));
    const question = within(screen.getByRole('group', { name: 'Confirm restoring version 1' }));
    expect(question.getByText('Restore version 1? These fields change (now → after restoring):')).toBeTruthy();
    expect(question.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Title: now: Drumul spre casa! → after restoring: Drumul spre casă']);
    fireEvent.click(question.getByRole('button', { name: 'Yes, restore' }));
    expect(backend.restoreVersion).toHaveBeenCalledWith('releases', 'r1', 1);
  });
});
