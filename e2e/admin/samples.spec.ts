/**
 * The samples player on the public page, with real audio served by Scena's server (FFmpeg's renditions, Range
 * requests) in Chromium: a mix and its quieter "before" (WAVs made here) uploaded through the admin's API and placed
 * on Mixing (made from the first-start service: the test server's database starts empty), and a beat with a producer
 * tag on Custom beats. Then, as a visitor: no audio request before Play; Play
 * and the position advances; Before / After within 0.1 s; one sample at a time; the keyboard alone; fan numbers;
 * axe; both languages; a phone. Screenshots of each state go to the test's output folder.
 *
 * Its own stage, first of the second chain (e2e/browsers.ts): it adds audio and samples, which the first chain's stages (the media
 * library's) do not expect, and it visits the public page before the audience stage reads its figures.
 */
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { SEED_SERVICES } from '../../src/content/seed';
import { en } from '../../src/i18n/en';
import { ro } from '../../src/i18n/ro';
import { phone } from '../browsers';
import { expect, test } from '../fixtures';
import { expectNoAxeViolations, layoutShifts, watchLayoutShifts } from '../helpers';
import { paced } from '../../scripts/pace';

test.describe.configure({ mode: 'serial' });
// Uploads go through FFmpeg (two renditions, loudness, waveform) before anything can be heard.
test.slow();

/** A 16-bit stereo WAV: a tone swelling every 4 s over seeded noise (the same bytes every run: the server keeps one copy). */
function wav(seconds: number, options: { freq: number; gain: number; noise: number; seed: number }): Buffer {
  const rate = 44_100;
  const frames = rate * seconds;
  const out = Buffer.alloc(44 + frames * 4);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + frames * 4, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(2, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 4, 28);
  out.writeUInt16LE(4, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(frames * 4, 40);
  let state = options.seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  for (let i = 0; i < frames; i++) {
    const t = i / rate;
    const swell = 0.55 + 0.45 * Math.sin(2 * Math.PI * 0.25 * t);
    const value = options.gain * swell * (Math.sin(2 * Math.PI * options.freq * t) + options.noise * random());
    const sample = Math.round(Math.max(-1, Math.min(1, value)) * 32_767);
    out.writeInt16LE(sample, 44 + i * 4);
    out.writeInt16LE(sample, 46 + i * 4);
  }
  return out;
}

interface AudioItem {
  id: string;
  name: string;
  status: string;
  src: string;
}
interface Sample {
  id: string;
  title_en: string;
  service: string;
  audio: string;
  before: string;
  kind: string;
}

const MIX = 'Ora albastră (mix)';
const BEAT = 'Noapte pe Feleac (beat)';

/** Uploads a file to the media library (or finds the item it made before) and waits until it is ready. */
async function readyAudio(admin: Page, name: string, buffer: Buffer): Promise<AudioItem> {
  const listed = (await (await admin.request.get('/api/admin/audio')).json()) as { audio: AudioItem[] };
  let item = listed.audio.find((a) => a.name === name);
  if (!item) {
    const res = await admin.request.post('/api/admin/media', { multipart: { file: { name, mimeType: 'audio/wav', buffer } } });
    expect([200, 202], await res.text()).toContain(res.status());
    item = ((await res.json()) as { audio: AudioItem }).audio;
  }
  const id = item.id;
  await expect
    .poll(async () => ((await (await admin.request.get(`/api/admin/audio/${id}/progress`)).json()) as { status: string }).status, {
      message: `${name} is converted`,
      timeout: 180_000,
    })
    .toBe('ready');
  return item;
}

/** Once per run: the mix and its before on Mixing, a tagged beat on Custom beats; the public snapshot has them. */
async function placeSamples(admin: Page): Promise<void> {
  const after = await readyAudio(admin, 'ora-albastra-after.wav', wav(24, { freq: 220, gain: 0.5, noise: 0.6, seed: 1 }));
  const before = await readyAudio(admin, 'ora-albastra-before.wav', wav(24, { freq: 220, gain: 0.2, noise: 0.1, seed: 2 }));
  const beat = await readyAudio(admin, 'noapte-pe-feleac.wav', wav(40, { freq: 110, gain: 0.6, noise: 0.4, seed: 3 }));
  const tag = await readyAudio(admin, 'producer-tag.wav', wav(2, { freq: 880, gain: 0.7, noise: 0, seed: 4 }));
  expect((await admin.request.patch('/api/admin/settings', { data: { producerTag: tag.id } })).status()).toBe(200);
  // The test server's database starts empty (the page shows the first-start services): the two are made here, from them.
  const { services } = (await (await admin.request.get('/api/admin/services')).json()) as { services: { id: string; booking: string }[] };
  for (const booking of ['beat', 'mixing'] as const) {
    if (services.some((s) => s.booking === booking)) continue;
    const { id: _seed, ...service } = SEED_SERVICES.find((s) => s.booking === booking)!;
    const res = await admin.request.post('/api/admin/services', { data: service });
    expect(res.status(), await res.text()).toBe(201);
    services.push((await res.json()).item as { id: string; booking: string });
  }
  const serviceOf = (booking: string) => services.find((s) => s.booking === booking)!.id;
  const { samples } = (await (await admin.request.get('/api/admin/samples')).json()) as { samples: Sample[] };
  const add = async (sample: Omit<Sample, 'id'> & Record<string, string>) => {
    if (samples.some((s) => s.title_en === sample.title_en)) return;
    const res = await admin.request.post('/api/admin/samples', { data: sample });
    expect(res.status(), await res.text()).toBe(201);
  };
  await add({ service: serviceOf('mixing'), title_en: MIX, title_ro: MIX, audio: after.id, before: before.id, kind: 'track', matching: 'on' });
  await add({ service: serviceOf('beat'), title_en: BEAT, title_ro: BEAT, audio: beat.id, before: '', kind: 'beat', matching: 'on' });
  // The beat's tagged preview is made after the tag: the public snapshot names it once it is ready.
  await expect
    .poll(
      async () => {
        const content = (await (await admin.request.get('/api/content')).json()) as { samples: Sample[]; audio?: AudioItem[] };
        // This spec's two (the admin's own specs may have placed others before).
        const ours = content.samples.filter((s) => s.title_en === MIX || s.title_en === BEAT);
        return ours.filter((s) => content.audio?.some((a) => a.id === s.audio && a.status === 'ready')).length;
      },
      { message: 'the mix and the tagged beat are ready in the public snapshot', timeout: 180_000 },
    )
    .toBe(2);
}

/**
 * Every audio element the page plays, with what happened to it: play and pause with the position at that moment,
 * and each 'playing' (the position it really started from). None is in the document: the player keeps them.
 */
function watchMedia() {
  type Logged = { el: HTMLMediaElement; log: [string, number][] };
  const seen: Logged[] = [];
  (window as unknown as { media: Logged[] }).media = seen;
  const entry = (el: HTMLMediaElement) => {
    let found = seen.find((m) => m.el === el);
    if (!found) {
      found = { el, log: [] };
      seen.push(found);
      const logged = found;
      // The position when the sound started: read when the event is handled, less the time the event waited in the
      // page's queue (on a loaded machine tens of milliseconds, during which the element already played on).
      el.addEventListener('playing', (event) => logged.log.push(['playing', el.currentTime - (performance.now() - event.timeStamp) / 1000]));
    }
    return found;
  };
  const { play, pause } = HTMLMediaElement.prototype;
  HTMLMediaElement.prototype.play = function () {
    entry(this).log.push(['play', this.currentTime]);
    return play.call(this);
  };
  HTMLMediaElement.prototype.pause = function () {
    entry(this).log.push(['pause', this.currentTime]);
    return pause.call(this);
  };
}

/**
 * Each element's state; `played`: the stretches of the recording it has played, as the browser records them (where
 * each began is exact, however late the page's events came on a loaded machine).
 */
type MediaState = { src: string; time: number; paused: boolean; volume: number; log: [string, number][]; played: [number, number][] };
const media = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { media: { el: HTMLMediaElement; log: [string, number][] }[] }).media.map((m) => ({
      src: m.el.currentSrc,
      time: m.el.currentTime,
      paused: m.el.paused,
      volume: m.el.volume,
      log: m.log,
      played: Array.from({ length: m.el.played.length }, (_, i) => [m.el.played.start(i), m.el.played.end(i)]),
    })),
  ) as Promise<MediaState[]>;

const AUDIO_FILE = /\/media\/[0-9a-f]{64}\.(webm|m4a)(\?|$)/;

/** A visitor's browser (no session), recording its requests and the fan numbers' beacons; other sites unreachable. */
async function visitor(browser: Browser, baseURL: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext({ baseURL, ...options });
  await context.route(/^https:\/\//, (route) => route.abort());
  await context.addInitScript(watchMedia);
  await context.addInitScript(watchLayoutShifts);
  const page = await context.newPage();
  const requests: string[] = [];
  const beacons: string[] = [];
  page.on('request', (request) => {
    requests.push(request.url());
    if (request.url().endsWith('/api/event')) beacons.push(request.postData() ?? '');
  });
  return { context, page, requests, beacons };
}

const sampleOf = (page: Page, title: string) => page.locator('.sample').filter({ has: page.locator('.sample__title', { hasText: title }) });

async function openServices(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.splash')).toHaveCount(0, { timeout: 5_000 });
  await page.locator('#services').scrollIntoViewIfNeeded();
  // The section's code and the player's engine have come: Play is enabled.
  await expect(sampleOf(page, MIX).getByRole('button', { name: new RegExp(`^(${en['player.play']}|${ro['player.play']}): `) })).toBeEnabled();
}

/**
 * axe on the page scrolled to the top: scrolled anywhere else, some button is under the sticky navigation, which axe
 * counts as a target too small (it is: while it is under the bar).
 */
async function axe(page: Page, label: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expectNoAxeViolations(page, label);
}

/** A screenshot of a sample's player (its card around it), away from the sticky navigation. */
async function shot(page: Page, testInfo: TestInfo, name: string, title = MIX) {
  const card = page.locator('.service').filter({ has: sampleOf(page, title) });
  await card.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await card.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

test('@server-only the admin’s audio becomes ready and is placed on Mixing and Custom beats', async ({ adminPage }) => {
  // Four conversions and a tagged preview, one after another on the server's queue: 10 s on a quiet machine, past 90 s
  // on CI's two cores shared with four other stages (it failed there once at the file's 90 s).
  test.setTimeout(paced(360_000));
  await placeSamples(adminPage);
});

for (const { lang, dict } of [
  { lang: 'en', dict: en },
  { lang: 'ro', dict: ro },
] as const) {
  test(`@server-only ${lang}: nothing is fetched before Play; Play advances; Before / After within 0.1 s at matched loudness; axe`, async ({
    adminPage,
    browser,
  }, testInfo) => {
    const { context, page, requests, beacons } = await visitor(browser, new URL(adminPage.url()).origin);
    await openServices(page, `/${lang}/`);
    const mix = sampleOf(page, MIX);
    await expect(mix.getByText(dict['player.matched'])).toBeVisible();
    await expect(sampleOf(page, BEAT).getByText(dict['player.beat'])).toBeVisible();
    await expect(page.locator('audio, video')).toHaveCount(0);
    expect(requests.filter((url) => AUDIO_FILE.test(url))).toEqual([]);
    // The players came in place of the server's markup: nothing moved.
    expect(await layoutShifts(page)).toEqual([]);
    await axe(page, `${lang}, samples idle`);
    await shot(page, testInfo, `${lang}-idle`);

    const play = mix.getByRole('button', { name: `${dict['player.play']}: ${MIX}` });
    await play.click();
    await expect(mix.getByRole('button', { name: `${dict['player.pause']}: ${MIX}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: dict['player.playing'].replace('{title}', MIX) })).toHaveText(
      `${dict['player.playing'].replace('{title}', MIX)}, ${dict['player.after']}`,
    );
    // The position advances, shown on the slider as on the clock.
    await expect.poll(async () => (await media(page))[0]?.time ?? 0, { timeout: 10_000 }).toBeGreaterThan(1.5);
    await expect.poll(async () => Number(await mix.getByRole('slider').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(1);
    // One file fetched, in the browser's best format, the after's only.
    const fetched = [...new Set(requests.filter((url) => AUDIO_FILE.test(url)).map((url) => new URL(url).pathname))];
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/\.webm$/);
    await axe(page, `${lang}, playing`);
    await shot(page, testInfo, `${lang}-playing`);

    // Before: from the same position (set before it plays), the louder after having been turned down.
    await mix.getByRole('button', { name: dict['player.before'] }).click();
    await expect(mix.getByRole('button', { name: dict['player.before'] })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await media(page)).length).toBe(2);
    await expect.poll(async () => (await media(page))[1]!.log.some(([event]) => event === 'playing'), { timeout: 10_000 }).toBe(true);
    const [afterEl, beforeEl] = await media(page);
    const left = afterEl!.log.at(-1)!;
    expect(left[0]).toBe('pause');
    // The player hands the position over exactly: the before is at it when its play() is called (within 0.1 s). Where
    // the sound then started is read when the page handles 'playing', late by however long a loaded machine kept the
    // event waiting (0.48 s once), so there the bound only tells a start from the top (3 s off) from a good one. (Its
    // played stretches would not say either: Chromium counts one from 0 for a file loaded after the position was set.)
    const asked = beforeEl!.log.find(([event]) => event === 'play')!;
    expect(Math.abs(asked[1] - left[1]), `after paused at ${left[1]}, before's play() at ${asked[1]}`).toBeLessThan(0.1);
    const started = beforeEl!.log.find(([event]) => event === 'playing')!;
    expect(Math.abs(started[1] - left[1]), `after paused at ${left[1]}, before started at ${started[1]}`).toBeLessThan(1);
    expect(afterEl!.paused).toBe(true);
    // Matched loudness: the after (louder) plays quieter than 1, the before at 1.
    expect(afterEl!.volume).toBeLessThan(0.9);
    expect(beforeEl!.volume).toBe(1);
    await expect(page.getByRole('status').filter({ hasText: MIX })).toHaveText(`${dict['player.playing'].replace('{title}', MIX)}, ${dict['player.before']}`);
    await shot(page, testInfo, `${lang}-before`);

    // And back: the after resumes where the before is.
    await mix.getByRole('button', { name: dict['player.after'] }).click();
    await expect.poll(async () => (await media(page))[0]!.paused).toBe(false);
    // Once it plays again: its played stretches are the first one and the one resumed.
    await expect.poll(async () => (await media(page))[0]!.played.length, { timeout: 10_000 }).toBe(2);
    const [afterAgain, beforeAgain] = await media(page);
    const beforeLeft = beforeAgain!.log.at(-1)!;
    expect(beforeLeft[0]).toBe('pause');
    const resumed = afterAgain!.played[1]![0];
    expect(Math.abs(resumed - beforeLeft[1]), `before paused at ${beforeLeft[1]}, after resumed at ${resumed}`).toBeLessThan(0.1);

    // Fan numbers: each start and each switch, by the sample's id.
    await expect.poll(() => beacons.filter((b) => b.includes('"t":"sample-switch"')).length).toBe(2);
    expect(beacons.filter((b) => b.includes('"t":"sample-play"'))).toHaveLength(1);
    await context.close();
  });
}

test('@server-only one sample plays at a time: starting the beat pauses the mix', async ({ adminPage, browser }, testInfo) => {
  const { context, page } = await visitor(browser, new URL(adminPage.url()).origin);
  await openServices(page, '/en/');
  await sampleOf(page, MIX)
    .getByRole('button', { name: `Play: ${MIX}` })
    .click();
  await expect.poll(async () => (await media(page))[0]?.time ?? 0, { timeout: 10_000 }).toBeGreaterThan(0.5);
  await sampleOf(page, BEAT)
    .getByRole('button', { name: `Play: ${BEAT}` })
    .click();
  await expect.poll(async () => (await media(page)).map((m) => m.paused)).toEqual([true, false]);
  await expect(sampleOf(page, MIX).getByRole('button', { name: `Play: ${MIX}` })).toBeVisible();
  await expect(sampleOf(page, BEAT).getByRole('button', { name: `Pause: ${BEAT}` })).toBeVisible();
  await expect.poll(async () => (await media(page))[1]!.time, { timeout: 10_000 }).toBeGreaterThan(0.5);
  // The beat is its tagged preview, never longer than 90 s.
  const total = Number(await sampleOf(page, BEAT).getByRole('slider').getAttribute('aria-valuemax'));
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(90);
  await shot(page, testInfo, 'beat-playing', BEAT);
  await context.close();
});

test('@server-only where the device keeps the volume at 1 (iOS), the louder side plays through a Web Audio gain', async ({ adminPage, browser }) => {
  const { context, page } = await visitor(browser, new URL(adminPage.url()).origin);
  // iOS: `volume` is the device's; a page reads 1 whatever it sets. Each gain node the page makes is kept to be read.
  await context.addInitScript(() => {
    Object.defineProperty(HTMLMediaElement.prototype, 'volume', { get: () => 1, set: () => {}, configurable: true });
    const gains: { node: GainNode; context: AudioContext }[] = [];
    (window as unknown as { gains: typeof gains }).gains = gains;
    const { createGain } = AudioContext.prototype;
    AudioContext.prototype.createGain = function () {
      const node = createGain.call(this);
      gains.push({ node, context: this });
      return node;
    };
  });
  await openServices(page, '/en/');
  const mix = sampleOf(page, MIX);
  await mix.getByRole('button', { name: `Play: ${MIX}` }).click();
  // It plays (the element through the gain is heard, not silenced), the after turned down, the context running.
  await expect.poll(async () => (await media(page))[0]?.time ?? 0, { timeout: 10_000 }).toBeGreaterThan(1);
  const gains = () =>
    page.evaluate(() => (window as unknown as { gains: { node: GainNode; context: AudioContext }[] }).gains.map((g) => [g.node.gain.value, g.context.state]));
  const [[after, state]] = (await gains()) as [[number, string]];
  expect(after).toBeLessThan(0.9);
  expect(after).toBeGreaterThan(0);
  expect(state).toBe('running');
  // The quieter before needs no gain: still one node after the switch, and the before plays.
  await mix.getByRole('button', { name: 'Before' }).click();
  await expect.poll(async () => (await media(page))[1]?.log.some(([event]) => event === 'playing') ?? false, { timeout: 10_000 }).toBe(true);
  expect(await gains()).toHaveLength(1);
  await context.close();
});

test('@server-only the keyboard alone: Play, the slider’s arrows, Home and End, Before / After, with the focus visible', async ({
  adminPage,
  browser,
}, testInfo) => {
  const { context, page } = await visitor(browser, new URL(adminPage.url()).origin);
  await openServices(page, '/en/');
  const mix = sampleOf(page, MIX);
  const play = mix.getByRole('button', { name: `Play: ${MIX}` });
  // From the stop before it in the page's order (whatever else the page holds): Tab reaches the mix's Play.
  await play.evaluate((target) => {
    const stops = [...document.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), [tabindex="0"]')];
    stops[stops.indexOf(target as HTMLElement) - 1]!.focus();
  });
  await page.keyboard.press('Tab');
  await expect(play).toBeFocused();
  const outline = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(await outline(play)).not.toBe('none');
  const box = (await play.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);

  await page.keyboard.press('Tab');
  const slider = mix.getByRole('slider', { name: en['player.position'].replace('{title}', MIX) });
  await expect(slider).toBeFocused();
  expect(await outline(slider)).not.toBe('none');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '5');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '10');
  await expect(slider).toHaveAttribute('aria-valuetext', '10 seconds of 24 seconds');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '5');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', '24');
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('ArrowRight');
  await shot(page, testInfo, 'keyboard-slider');

  await page.keyboard.press('Tab');
  const beforeButton = mix.getByRole('button', { name: en['player.before'] });
  await expect(beforeButton).toBeFocused();
  expect(await outline(beforeButton)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(beforeButton).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: MIX })).toHaveText(`${en['player.paused'].replace('{title}', MIX)}, ${en['player.before']}`);

  // Back to Play, and Space starts the before from 5 s.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(play).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await media(page))[0]?.log.find(([event]) => event === 'playing')?.[1], { timeout: 10_000 }).toBeCloseTo(5, 0);
  expect((await media(page))[0]!.src).toMatch(/\.webm$/);
  await expect(mix.getByRole('button', { name: `Pause: ${MIX}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(mix.getByRole('button', { name: `Play: ${MIX}` })).toBeVisible();
  await context.close();
});

test('@server-only on a phone: tap Play, tap the waveform to seek; axe', async ({ adminPage, browser }, testInfo) => {
  const { context, page } = await visitor(browser, new URL(adminPage.url()).origin, { ...phone, deviceScaleFactor: 1 });
  await openServices(page, '/ro/');
  const mix = sampleOf(page, MIX);
  await mix.getByRole('button', { name: `${ro['player.play']}: ${MIX}` }).tap();
  await expect.poll(async () => (await media(page))[0]?.time ?? 0, { timeout: 10_000 }).toBeGreaterThan(0.5);
  const wave = mix.getByRole('slider');
  // Clear of the sticky navigation, and still while its box is read and tapped.
  await mix.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const box = (await wave.boundingBox())!;
  await page.touchscreen.tap(box.x + box.width * 0.75, box.y + box.height / 2);
  await expect.poll(async () => (await media(page))[0]!.time).toBeGreaterThan(17);
  const targets = await mix.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
  expect(Math.min(...targets)).toBeGreaterThanOrEqual(24);
  await mix.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.screenshot({ path: testInfo.outputPath('phone-ro-playing.png') });
  await axe(page, 'ro, phone, playing');
  await context.close();
});

test.describe('without JavaScript', () => {
  test('@server-only the samples’ titles show, Play is disabled, and a line says listening needs JavaScript', async ({ adminPage, browser }) => {
    const context = await browser.newContext({ baseURL: new URL(adminPage.url()).origin, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/');
    const mix = sampleOf(page, MIX);
    await mix.scrollIntoViewIfNeeded();
    await expect(mix.getByRole('button', { name: `Play: ${MIX}` })).toBeDisabled();
    // In a <noscript> (which Playwright's text locators skip): shown only where scripts do not run.
    const note = mix.locator('xpath=ancestor::div[@class="samples"]').locator('noscript p');
    await expect(note).toBeVisible();
    expect(await note.textContent()).toBe(en['player.noScript']);
    await context.close();
  });
});
