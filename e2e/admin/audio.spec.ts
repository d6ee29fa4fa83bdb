/**
 * Audio in the admin on Scena's server, with real files and the server's FFmpeg (issue 21), by the keyboard alone:
 * a WAV made here (FFmpeg's lavfi, 3 s of sine) uploaded through the Media page's one upload control, seen processing
 * and then ready with its duration, loudness, waveform and player (its renditions reachable by the admin, with Range);
 * a text file named .wav refused with the server's reason; the audio placed on a service as a sample and listed
 * there; where it is used, and its Delete refused meanwhile; chosen as the producer tag in Settings. axe in each
 * state; photographs at desktop and phone width (test-results/screens/<project>/).
 * Runs in a stage of its own after media (e2e/browsers.ts): it saves the settings, which the settings spec expects untouched.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations } from '../helpers';
import { chooseByKeyboard, photograph, sineWav, tabTo } from './admin-helpers';
import { paced } from '../../scripts/pace';

test.describe.configure({ mode: 'serial' });
// Long flows: real uploads, FFmpeg and the database.
test.slow();

/** Follows a link of the admin's navigation by the keyboard. */
async function goByKeyboard(page: Page, label: string) {
  await tabTo(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

const audioItem = (page: Page, name: string) => page.getByRole('region', { name: 'Audio' }).getByRole('listitem').filter({ hasText: name });

test('@server-only a WAV uploaded by the keyboard: processing, then ready with its facts and player; a text file named .wav refused', async ({
  adminPage: page,
}, testInfo) => {
  await goByKeyboard(page, 'Media');

  // A text file with an audio name: the server's reason, beside its name.
  await chooseByKeyboard(page, { name: 'notes.wav', mimeType: 'audio/wav', buffer: Buffer.from('These are my lyrics, not audio.\n') });
  const refused = page.locator('.upload').filter({ hasText: 'notes.wav' });
  await expect(refused.getByRole('alert')).toContainText('is not a WAV, AIFF, FLAC, MP3, M4A/AAC or Ogg/Opus file');
  await expectNoAxeViolations(page, 'media with an audio refusal');
  await photograph(page, testInfo, 'media-audio-refused');
  await tabTo(page, refused.getByRole('button', { name: 'Dismiss the error about notes.wav' }));
  await page.keyboard.press('Enter');
  await expect(refused).toHaveCount(0);

  // The progress is held a moment, so that the processing state can be seen (and photographed).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/audio/*/progress', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await chooseByKeyboard(page, sineWav(testInfo.outputPath('tone.wav'), 3, 440));
  const tone = audioItem(page, 'tone.wav');
  await expect(tone.getByRole('progressbar', { name: 'Processing tone.wav' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded tone.wav: processing.' })).toHaveCount(1);
  await expect(tone.getByRole('button', { name: 'Rename tone.wav' })).toBeDisabled();
  await expectNoAxeViolations(page, 'media with audio processing');
  await photograph(page, testInfo, 'media-audio-processing');
  release();
  await page.unrouteAll({ behavior: 'wait' });

  await expect(tone.locator('audio')).toHaveCount(1, { timeout: 30_000 });
  await expect(tone).toContainText(/0:03 · \u2212\d+\.\d LUFS · Ready/);
  await expect(page.getByRole('status').filter({ hasText: 'tone.wav is ready.' })).toHaveCount(1);
  await expect(tone.getByRole('img', { name: 'Waveform of tone.wav' })).toBeVisible();
  const player = tone.locator('audio');
  await expect(player).toHaveAttribute('preload', 'none');
  await expect(player).toHaveAccessibleName('Listen to tone.wav');
  // The admin hears the full renditions: each is there, with Range.
  const sources = await player.locator('source').evaluateAll((els) => els.map((el) => (el as HTMLSourceElement).getAttribute('src')!));
  expect(sources).toEqual([expect.stringMatching(/^\/media\/[0-9a-f]{64}\.webm$/), expect.stringMatching(/^\/media\/[0-9a-f]{64}\.m4a$/)]);
  for (const src of sources) {
    const answer = await page.request.get(src, { headers: { range: 'bytes=0-99' } });
    expect(answer.status(), src).toBe(206);
    expect(answer.headers()['content-type']).toMatch(/^audio\//);
  }
  await expectNoAxeViolations(page, 'media with audio ready');
  await photograph(page, testInfo, 'media-audio-ready');

  // Renamed, by the keyboard.
  await tabTo(page, tone.getByRole('button', { name: 'Rename tone.wav' }));
  await page.keyboard.press('Enter');
  const rename = page.getByRole('form', { name: 'Rename tone.wav' });
  await expect(rename.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Tone, 440 Hz');
  await page.keyboard.press('Enter');
  await expect(audioItem(page, 'Tone, 440 Hz')).toContainText('Not used anywhere yet.');
  await expect(page.getByRole('button', { name: 'Rename Tone, 440 Hz' })).toBeFocused();
});

test('@server-only the audio placed on a service as a sample by the keyboard, listed there; in use, so not deletable; the producer tag', async ({
  adminPage: page,
}, testInfo) => {
  // A second recording (the producer tag) through FFmpeg, then the services and the settings: 73 s of its 90 in a CI
  // run beside four other suites.
  test.setTimeout(paced(150_000));
  await goByKeyboard(page, 'Services');
  const seed = page.getByRole('button', { name: 'Add the services visitors see now' });
  // A service's samples are in its editor: the row opens it.
  const open = page.getByRole('button', { name: 'Edit Mixing', exact: true });
  await expect(open.or(seed)).toBeVisible();
  if (await seed.isVisible()) {
    await tabTo(page, seed);
    await page.keyboard.press('Enter');
  }
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const mixing = page.getByRole('region', { name: 'Samples of Mixing' });
  await tabTo(page, mixing.getByRole('button', { name: 'Add a sample to Mixing' }));
  await page.keyboard.press('Enter');
  const form = mixing.getByRole('form', { name: 'Add a sample to Mixing' });
  await expect(form.getByLabel('English')).toBeFocused();
  await page.keyboard.type('Sine demo');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Romanian')).toBeFocused();
  await page.keyboard.type('Demo sinus');
  await page.keyboard.press('Tab');
  const after = form.getByLabel('Audio (after)');
  await expect(after).toBeFocused();
  // A select takes the first letters of an option from the keyboard.
  await page.keyboard.type('Tone');
  await expect(after.locator('option:checked')).toHaveText('Tone, 440 Hz · 0:03 · Ready');
  await tabTo(page, form.getByRole('button', { name: 'Add sample' }));
  await page.keyboard.press('Enter');
  const sample = mixing.getByRole('listitem').filter({ hasText: 'Sine demo' });
  await expect(sample.locator('.item__meta')).toHaveText('Track · Tone, 440 Hz · 0:03');
  await expect(mixing.getByRole('button', { name: 'Add a sample to Mixing' })).toBeFocused();
  await expectNoAxeViolations(page, 'services with an uploaded sample');
  await photograph(page, testInfo, 'services-with-uploaded-sample');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling on a phone').toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'services with an uploaded sample, on a phone');
  await photograph(page, testInfo, 'services-with-uploaded-sample-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The producer tag, chosen from the audio library by its name, with its help.
  await goByKeyboard(page, 'Settings');
  const tag = page.getByLabel('Producer tag');
  await expect(tag).toHaveAccessibleDescription(/^A short audio, chosen from the audio on the Media page/);
  await tag.selectOption({ label: 'Tone, 440 Hz · 0:03 · Ready' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.save__message')).toHaveText('Saved');

  await goByKeyboard(page, 'Media');
  const tone = audioItem(page, 'Tone, 440 Hz');
  await expect(tone).toContainText('Used in: Settings › Producer tag; Mixing › sample “Sine demo”');
  const remove = tone.getByRole('button', { name: 'Delete Tone, 440 Hz' });
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAccessibleDescription(/Cannot be deleted while it is used/);
  await expectNoAxeViolations(page, 'media with audio in use');
  await photograph(page, testInfo, 'media-audio-in-use');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling on a phone').toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'media with audio, on a phone');
  await photograph(page, testInfo, 'media-audio-in-use-phone');
});

test('@server-only a recording larger than one piece arrives in pieces, through a dropped piece, and becomes ready', async ({ adminPage: page }) => {
  await goByKeyboard(page, 'Media');
  // 30 s of CD-quality stereo: 5.3 MB, two pieces of at most 4 MB. The first piece's connection drops once.
  const pieces: string[] = [];
  let dropped = false;
  await page.route('**/api/admin/uploads/*?offset=*', async (route) => {
    pieces.push(new URL(route.request().url()).searchParams.get('offset')!);
    if (!dropped) {
      dropped = true;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await chooseByKeyboard(page, sineWav(test.info().outputPath('long-mix.wav'), 30, 330));
  const mix = audioItem(page, 'long-mix.wav');
  await expect(mix).toContainText(/0:30 · \u2212\d+\.\d LUFS · Ready/, { timeout: 60_000 });
  // The newest first in the library (decision 0049).
  await expect(page.getByRole('region', { name: 'Audio' }).getByRole('listitem').first()).toContainText('long-mix.wav');
  // The dropped piece was sent again from where the server was (0), then the next from 4 MB.
  expect(pieces).toEqual(['0', '0', String(4 * 1024 * 1024)]);
  await expect(page.locator('.upload [role="alert"]')).toHaveCount(0);
  await page.unrouteAll({ behavior: 'wait' });
});

test('@server-only a sample’s audio uploaded from its form without leaving it: chosen, followed to Ready, the typed title kept', async ({
  adminPage: page,
}, testInfo) => {
  await goByKeyboard(page, 'Services');
  const seed = page.getByRole('button', { name: 'Add the services visitors see now' });
  const open = page.getByRole('button', { name: 'Edit Mixing', exact: true });
  await expect(open.or(seed)).toBeVisible();
  if (await seed.isVisible()) await seed.click();
  await open.click();
  const mixing = page.getByRole('region', { name: 'Samples of Mixing' });
  await mixing.getByRole('button', { name: 'Add a sample to Mixing' }).click();
  const form = mixing.getByRole('form', { name: 'Add a sample to Mixing' });
  await form.getByLabel('English').fill('Fresh upload');
  await form.getByLabel('Romanian').fill('Încărcată acum');
  const after = form.getByLabel('Audio (after)');
  const field = form.locator('.field').filter({ has: page.getByLabel('Audio (after)') });
  await field.getByLabel('Upload new').setInputFiles(sineWav(testInfo.outputPath('fresh-sample.wav'), 2, 660));
  // Chosen at once, first after None (newest first), and followed here from processing to ready.
  await expect(after.locator('option:checked')).toHaveText(/^fresh-sample\.wav · /);
  await expect(after.locator('option').nth(1)).toHaveText(/^fresh-sample\.wav · /);
  await expect(page.getByRole('status').filter({ hasText: 'Uploaded fresh-sample.wav and chose it: processing.' })).toHaveCount(1);
  await expect(after.locator('option:checked')).toHaveText('fresh-sample.wav · 0:02 · Ready', { timeout: 30_000 });
  await expect(form.getByLabel('English')).toHaveValue('Fresh upload');
  await expectNoAxeViolations(page, 'a sample’s audio uploaded in its form');
  await photograph(page, testInfo, 'sample-audio-uploaded-in-place');
  await form.getByRole('button', { name: 'Add sample' }).click();
  await expect(mixing.getByRole('listitem').filter({ hasText: 'Fresh upload' }).locator('.item__meta')).toHaveText('Track · fresh-sample.wav · 0:02');
});
