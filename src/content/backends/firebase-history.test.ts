/**
 * The parts of Firebase history that need no emulator: what a version says changed, and what a settings
 * save leaves stored (the rules compare it with the version's value, so they must agree exactly).
 */
import { describe, expect, it } from 'vitest';
import { fullItem } from '../fields/declare';
import { collaborators, releases, settings, stats } from '../kinds';
import { afterSave, changedFields, headId, valueOf } from './firebase-history';

describe('changedFields', () => {
  it('names the fields that differ, a link by its dotted name, in the declaration order', () => {
    const before = { heroTitle_en: 'A', email: 'a@b.ro', links: { spotify: 'https://open.spotify.com/x' } };
    const after = { heroTitle_en: 'A', heroTitle_ro: 'Ă', email: '', links: { spotify: 'https://open.spotify.com/x', youtube: 'https://www.youtube.com/@x' } };
    expect(changedFields(settings, before, after)).toEqual(['heroTitle_ro', 'email', 'links.youtube']);
  });
  it('for a create every field set, for a removal every field the item had, for no change nothing', () => {
    const item = { name: 'N', role: '' };
    expect(changedFields(collaborators, undefined, item)).toEqual(['name', 'role']);
    expect(changedFields(collaborators, item, null)).toEqual(['name', 'role']);
    expect(changedFields(collaborators, item, { ...item })).toEqual([]);
    expect(changedFields(stats, { monthlyListeners: 1 }, { monthlyListeners: 2 })).toEqual(['monthlyListeners']);
  });
});

describe('afterSave', () => {
  it('merges settings as Firestore would: omitted fields kept, links one by one', () => {
    const current = { heroTitle_en: 'Hello', links: { spotify: 'https://open.spotify.com/x' } };
    expect(afterSave(settings, current, { bio1_en: 'Bio', links: { youtube: 'https://www.youtube.com/@x' } })).toEqual({
      heroTitle_en: 'Hello',
      bio1_en: 'Bio',
      links: { spotify: 'https://open.spotify.com/x', youtube: 'https://www.youtube.com/@x' },
    });
    expect(afterSave(settings, undefined, { heroTitle_en: 'First' })).toEqual({ heroTitle_en: 'First' });
  });
  it('replaces stats whole', () => {
    expect(afterSave(stats, { monthlyListeners: 1 }, { monthlyListeners: 2 })).toEqual({ monthlyListeners: 2 });
  });
});

describe('valueOf', () => {
  it('keeps a list item’s declared fields, without its place in the list', () => {
    // (A document written before the role's choice reads as the admin's own words: roleKind 'own'.)
    expect(valueOf(collaborators, { name: 'N', role: 'R', order: 3, stray: 'x' })).toEqual({ name: 'N', roleKind: 'own', role: 'R', roleRo: '' });
    // A field added since the document was written reads as its empty value (a release from before drafts is published).
    expect(valueOf(releases, { title: 'T', meta: 'M', url: '', order: 3 })).toEqual(fullItem(releases, { title: 'T', meta: 'M', url: '' }));
  });
  it('names a history by kind and item', () => {
    expect(headId('settings', 'main')).toBe('settings~main');
  });
});
