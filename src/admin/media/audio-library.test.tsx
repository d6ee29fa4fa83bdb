// @vitest-environment jsdom
/**
 * Audio on the Media page, through the admin's real routes and a fake backend (Scena's server's contract: upload,
 * progress, retry; Firebase's: add by address): an idle page never polls; a processing item is polled every second
 * and shows its progress, then its facts, waveform and player once ready, and the polling stops; a failed one shows
 * the server's reason and Retry; where each item is used, and Delete refused meanwhile; the upload control takes audio
 * and refuses a file over 200 MB before sending it.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioProgress } from '../../content/backend';
import { fakeBackend } from '../testing/fake-backend';
import { renderAdmin } from '../testing/render-admin';
import { waveformPoints } from './waveform';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const KEY = 'ab'.repeat(32);
const audio = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  src: `/media/${KEY}`,
  status: 'ready',
  problem: '',
  durationMs: 192_000,
  loudness: -14.23,
  peak: -1,
  waveform: '00ff80',
  ...extra,
});

const audioRegion = () => screen.findByRole('region', { name: 'Audio' });
/** The audio library's item of that name, once it is there. */
const itemOf = (name: string) =>
  waitFor(async () => {
    const item = within(await audioRegion())
      .queryAllByRole('listitem')
      .find((li) => li.querySelector('.item__title')?.textContent === name);
    expect(item, name).toBeDefined();
    return item!;
  });

describe('audio on the Media page', () => {
  it('never polls on an idle page', async () => {
    const audioProgress = vi.fn();
    const { backend } = fakeBackend({ lists: { audio: [audio('a1', 'mix.wav')] } }, { audioProgress });
    renderAdmin(backend, '/admin/media');
    await itemOf('mix.wav');
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(audioProgress).not.toHaveBeenCalled();
  });

  it('polls a processing item every second with its progress, shows it ready with its facts and player, then stops', async () => {
    let answer: AudioProgress = { status: 'processing', fraction: 0.4, problem: '' };
    const audioProgress = vi.fn(async () => answer);
    const { backend, lists } = fakeBackend(
      { lists: { audio: [audio('a1', 'mix.wav', { status: 'processing', durationMs: 0, loudness: 0, waveform: '' })] } },
      { audioProgress },
    );
    renderAdmin(backend, '/admin/media');
    const item = await itemOf('mix.wav');
    expect(within(item).getByRole('progressbar', { name: 'Processing mix.wav' })).toBeTruthy();
    expect(item.textContent).toContain('Processing…');
    // No player, no rename while the server is still writing it.
    expect(item.querySelector('audio')).toBeNull();
    expect((within(item).getByRole('button', { name: 'Rename mix.wav' }) as HTMLButtonElement).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(audioProgress).toHaveBeenCalledWith('a1');
    await waitFor(() => expect(item.textContent).toContain('Processing: 40%'));
    expect(within(item).getByRole('progressbar').getAttribute('value')).toBe('40');

    answer = { status: 'ready', fraction: 1, problem: '' };
    lists.audio![0] = audio('a1', 'mix.wav');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const ready = await waitFor(async () => {
      const li = await itemOf('mix.wav');
      expect(li.querySelector('audio')).not.toBeNull();
      return li;
    });
    expect(ready.querySelector('.item__meta')!.textContent).toBe('3:12 · \u221214.2 LUFS · Ready');
    const player = ready.querySelector('audio')!;
    expect(player.getAttribute('preload')).toBe('none');
    expect(player.getAttribute('aria-label')).toBe('Listen to mix.wav');
    expect([...player.querySelectorAll('source')].map((s) => s.getAttribute('src'))).toEqual([`/media/${KEY}.webm`, `/media/${KEY}.m4a`]);
    // Three points ('00ff80'): their outline, the loudest the tallest.
    expect(within(ready).getByRole('img', { name: 'Waveform of mix.wav' }).querySelector('path')!.getAttribute('d')).toBe(
      'M0 50L0 49L1 49L1 2L2 2L2 25.9L3 25.9L3 74.1L2 74.1L2 98L1 98L1 51L0 51Z',
    );
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'mix.wav is ready.')).toBe(true);

    const calls = audioProgress.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(audioProgress).toHaveBeenCalledTimes(calls);
  });

  it("shows a failed item's reason with Retry, which processes it again", async () => {
    const retryAudio = vi.fn(async (id: string) => {
      lists.audio![0] = audio(id, 'short.wav', { status: 'processing', durationMs: 0 });
      return lists.audio![0] as never;
    });
    const audioProgress = vi.fn(async () => ({ status: 'processing' as const, fraction: 0.1, problem: '' }));
    const { backend, lists } = fakeBackend(
      { lists: { audio: [audio('a1', 'short.wav', { status: 'failed', problem: 'The file is cut short: it ends before its header says.' })] } },
      { retryAudio, audioProgress },
    );
    renderAdmin(backend, '/admin/media');
    const item = await itemOf('short.wav');
    expect(item.textContent).toContain('Failed: The file is cut short: it ends before its header says.');
    fireEvent.click(within(item).getByRole('button', { name: 'Retry short.wav' }));
    await waitFor(() => expect(retryAudio).toHaveBeenCalledWith('a1'));
    await waitFor(async () => expect(within(await itemOf('short.wav')).getByRole('progressbar')).toBeTruthy());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(audioProgress).toHaveBeenCalledWith('a1');
  });

  it('says where each item is used and refuses its Delete meanwhile; an unused one can be deleted', async () => {
    const { backend } = fakeBackend({
      lists: {
        audio: [audio('a1', 'after.wav'), audio('a2', 'before.wav'), audio('a3', 'tag.wav'), audio('a4', 'spare.wav')],
        services: [{ id: 'mixing', title_en: 'Mixing', title_ro: 'Mixaj' }],
        samples: [{ id: 's1', service: 'mixing', title_en: 'Pop mix', title_ro: 'Mix pop', audio: 'a1', before: 'a2', kind: 'track', matching: 'on' }],
      },
      singletons: { settings: { producerTag: 'a3' } },
    });
    renderAdmin(backend, '/admin/media');
    expect((await itemOf('after.wav')).textContent).toContain('Used in: Mixing › sample “Pop mix”');
    expect((await itemOf('before.wav')).textContent).toContain('Used in: Mixing › sample “Pop mix” (before)');
    expect((await itemOf('tag.wav')).textContent).toContain('Used in: Settings › Producer tag');
    const remove = within(await itemOf('tag.wav')).getByRole('button', { name: 'Delete tag.wav' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    const description = remove
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent)
      .join(' ');
    expect(description).toBe('Used in: Settings › Producer tag Cannot be deleted while it is used: choose another audio there first.');

    const spare = await itemOf('spare.wav');
    expect(spare.textContent).toContain('Not used anywhere yet.');
    fireEvent.click(within(spare).getByRole('button', { name: 'Delete spare.wav' }));
    fireEvent.click(within(await audioRegion()).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(backend.remove).toHaveBeenCalledWith('audio', 'a4'));
  });

  it("shows the server's refusal of a delete", async () => {
    const { backend } = fakeBackend({ lists: { audio: [audio('a1', 'mix.wav')] } });
    backend.remove.mockRejectedValueOnce(
      Object.assign(new Error('This audio is used in: Samples › “Pop mix”. Choose another there first.'), { name: 'BackendError' }),
    );
    renderAdmin(backend, '/admin/media');
    fireEvent.click(within(await itemOf('mix.wav')).getByRole('button', { name: 'Delete mix.wav' }));
    fireEvent.click(within(await audioRegion()).getByRole('button', { name: 'Yes, delete' }));
    expect((await within(await audioRegion()).findByRole('alert')).textContent).toBe('This audio is used in: Samples › “Pop mix”. Choose another there first.');
  });

  it('takes audio through the same upload control, and refuses a file over 200 MB before sending it', async () => {
    const uploadMedia = vi.fn(async (file: File) => ({ kind: 'audio' as const, item: audio('new', file.name, { status: 'processing' }) as never }));
    const { backend } = fakeBackend({}, { uploadMedia, audioProgress: vi.fn(async () => ({ status: 'processing' as const, fraction: 0, problem: '' })) });
    renderAdmin(backend, '/admin/media');
    const input = (await screen.findByLabelText('Choose images or audio')) as HTMLInputElement;
    expect(input.accept.split(',')).toEqual(
      expect.arrayContaining(['.wav', '.aif', '.aiff', '.flac', '.mp3', '.m4a', '.aac', '.ogg', '.opus', '.jpg', '.png']),
    );

    const huge = new File(['x'], 'session.wav', { type: 'audio/wav' });
    Object.defineProperty(huge, 'size', { value: 201 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“session.wav” is larger than 200 MB: export it shorter or compressed (FLAC keeps every bit at about half the size).',
    );
    expect(uploadMedia).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { files: [new File(['RIFF'], 'take-2.wav', { type: 'audio/wav' })] } });
    await waitFor(() => expect(uploadMedia).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Uploaded take-2.wav: processing.')).toBe(true));
  });
});

describe('a waveform', () => {
  it('is two hex digits per point, each 0–1; anything else draws nothing', () => {
    expect(waveformPoints('00ff80')).toEqual([0, 1, 128 / 255]);
    expect(waveformPoints('')).toEqual([]);
    expect(waveformPoints('abc')).toEqual([]);
    expect(waveformPoints('zz')).toEqual([]);
  });
});

describe('audio on Firebase (no file storage)', () => {
  it('is added by its https address, ready as given, its loudness optional', async () => {
    const { backend, lists } = fakeBackend();
    renderAdmin(backend, '/admin/media');
    const add = within(await screen.findByRole('region', { name: 'Add audio by its address' }));
    expect(screen.queryByLabelText('Choose images or audio')).toBeNull();
    fireEvent.input(add.getByLabelText('Name'), { target: { value: 'Pop mix, after' } });
    fireEvent.input(add.getByLabelText('Audio address'), { target: { value: 'https://files.example.com/pop-after.mp3' } });
    fireEvent.input(add.getByLabelText('Loudness (LUFS)'), { target: { value: '-9.5' } });
    fireEvent.click(add.getByRole('button', { name: 'Add audio' }));
    await waitFor(() => expect(lists.audio).toHaveLength(1));
    expect(lists.audio![0]).toMatchObject({
      name: 'Pop mix, after',
      src: 'https://files.example.com/pop-after.mp3',
      status: 'ready',
      loudness: -9.5,
      durationMs: 0,
    });
    const item = await itemOf('Pop mix, after');
    expect(item.querySelector('.item__meta')!.textContent).toBe('duration unknown · \u22129.5 LUFS · Ready');
    expect([...item.querySelectorAll('audio source')].map((s) => s.getAttribute('src'))).toEqual(['https://files.example.com/pop-after.mp3']);
  });
});
