// @vitest-environment jsdom
/**
 * A version's before → after as the admin reads it: an image as its thumbnail (its alt text for screen readers), a link
 * as a link, a choice by its words, a date in the admin's language, an emptied field as "(empty)".
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KINDS } from '../../content/kinds';
import { MediaLibrary } from '../media/library';
import { ChangeView, fieldChanges } from './history';

afterEach(cleanup);

const releases = KINDS.find((k) => k.name === 'releases')!;
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

describe('a version’s change, field by field', () => {
  it('an image as its thumbnail with its alt text; a link as a link; a choice by its words; a date with Intl; an emptied text', () => {
    const field = shown(
      { cover: 'old', links: { spotify: 'https://open.spotify.com/track/a' }, kind: 'single', date: '2026-12-16T00:00', meta: 'Single · 2026' },
      { cover: 'new', links: { spotify: 'https://open.spotify.com/track/b' }, kind: 'ep', date: '2026-12-18T20:00', meta: '' },
    );
    const cover = field('Cover');
    expect([...cover.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      'https://images.example.com/old.jpg',
      'https://images.example.com/new.jpg',
    ]);
    expect(cover.textContent).toBe('removed: A grey cover → added: A blue cover');
    const links = [...field('Listen on: Spotify').querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['open.spotify.com/track/a', 'https://open.spotify.com/track/a'],
      ['open.spotify.com/track/b', 'https://open.spotify.com/track/b'],
    ]);
    expect(field('Kind').textContent).toBe('removed: Single → added: EP');
    expect(field('Release date and time').textContent).toBe('removed: 16 Dec 2026 → added: 18 Dec 2026, 20:00');
    expect(field('Details (album, year, songs)').textContent).toBe('removed: Single · 2026 → added: (empty)');
  });

  it('a link that is not https is shown as text, never as a link', () => {
    const field = shown({ url: 'https://example.com/a' }, { url: 'javascript:alert(1)' });
    expect(field('Link').querySelectorAll('a')).toHaveLength(1);
    expect(field('Link').textContent).toContain('javascript:alert(1)');
  });
});
