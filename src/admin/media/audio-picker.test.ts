/**
 * A field that picks from the audio library finds by name once the list is long (issue 33: "the picker shows … name,
 * duration and state, newest first, with a filter"): whatever the case and the diacritics, the chosen file always
 * kept (a select shows its value), newest first.
 */
import { describe, expect, it } from 'vitest';
import { audioNewestFirst, findAudio } from './audio-picker';

const audio = (id: string, name: string) => ({ id, name, status: 'ready' });
const library = [audio('a1', 'Night drive (beat).wav'), audio('a2', 'Mixaj înainte.wav'), audio('a3', 'Master după.flac'), audio('a4', 'tag.wav')];

describe('finding in the audio picker', () => {
  it('lists the newest first, those uploaded here before all', () => {
    expect(audioNewestFirst(library, [audio('a5', 'nou.wav')]).map((a) => a.id)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
  });

  it('finds by name whatever the case and diacritics; empty finds all', () => {
    expect(findAudio(library, 'MIXAJ INAINTE', '').map((a) => a.id)).toEqual(['a2']);
    expect(findAudio(library, 'dupa', '').map((a) => a.id)).toEqual(['a3']);
    expect(findAudio(library, '  ', '').map((a) => a.id)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(findAudio(library, 'nothing like it', '')).toEqual([]);
  });

  it('keeps the chosen file in the list whatever is typed', () => {
    expect(findAudio(library, 'tag', 'a1').map((a) => a.id)).toEqual(['a1', 'a4']);
  });
});
