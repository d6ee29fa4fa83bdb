/**
 * The artist's first day, measured (issue 33): seven tasks done as he does them on a 360 × 740 phone in Romanian, on
 * Scena's server with the sample catalogue, counting his taps (a tap on a button, a link, a field he types in, a
 * select opened and chosen = 2, a file chosen = 2) and how far he scrolls (every scroll of the page, by him or to bring
 * a control into view, summed). Each task starts on the dashboard at its top.
 *
 *   npx tsx bench/first-day.ts            # the build in this checkout (npm run build first)
 *   npx tsx bench/first-day.ts --before   # the flows of the admin before issue 33 (run in a checkout of c50c43d)
 *
 * Prints a table and writes bench/results/first-day(-before).json. Not a budget: a before → after for the issue's note.
 * Beside the listener's sum, "his own" is how far the page moved to bring each control he uses into view (steady from
 * run to run; the sum also has the page's own jumps, whose frames fall as the machine's timing does).
 * FIRST_DAY_TRACE=1 prints each step's pixels.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH, ROOT } from './lib';
import { startScena } from './load';

const BEFORE = process.argv.includes('--before');
const PHONE = { width: 360, height: 740 };
const EMAIL = 'admin@scena.test';
const PASSWORD = 'Violet-Studio-Nights-42';

/** A tiny PNG (a red square) and a short WAV, made here: nothing from outside. */
function files(dir: string) {
  const png = join(dir, 'coperta-noua.png');
  const wav = join(dir, 'mostra-noua.wav');
  const make = (args: string[]) => {
    const done = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
    if (done.status !== 0) throw new Error(done.stderr);
  };
  make(['-f', 'lavfi', '-i', 'color=c=red:s=1600x1600', '-frames:v', '1', png]);
  make(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-ac', '2', '-ar', '44100', wav]);
  return { png, wav };
}

interface Count {
  taps: number;
  scrolled: number;
  own: number;
  notes?: string[];
}

export class Artist {
  taps = 0;
  /**
   * His own scrolling alone: how far the page moved to bring each control he uses into view. The listener's sum also
   * has the page's own moves (a form closing, the focus sent to a new item), which come a frame apart or in one frame
   * as the machine's timing falls, so it varies between runs; this does not.
   */
  own = 0;
  /** What the task met that the figures alone do not say. */
  notes: string[] = [];
  constructor(readonly page: Page) {}
  /**
   * The page's scroll events come once a frame, with the position at that moment: a control brought into view and a
   * tap that moves the page again within one frame would count only where it ended. So each control is scrolled to
   * first and each step waits for the frame that reports it.
   */
  async settle() {
    await this.page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
  }
  async reach(target: Locator) {
    const from = await this.y();
    await target.scrollIntoViewIfNeeded();
    await this.settle();
    this.own += Math.abs((await this.y()) - from);
    await this.trace(`reach ${target}`);
  }
  /** FIRST_DAY_TRACE=1: each step's scroll, to see where the pixels go. */
  private seen = 0;
  async trace(step: string) {
    if (!process.env.FIRST_DAY_TRACE) return;
    const now = await this.page.evaluate(() => (window as unknown as { __scrolled: number }).__scrolled);
    const y = await this.page.evaluate(() => window.scrollY);
    console.log(`    ${String(Math.round(now - this.seen)).padStart(6)} px  y=${Math.round(y)}  ${step.slice(0, 110)}`);
    this.seen = now;
  }
  async tap(target: Locator) {
    this.taps++;
    await this.reach(target);
    await target.click();
    await this.settle();
    await this.trace(`tap ${target}`);
  }
  async type(target: Locator, text: string) {
    this.taps++;
    await this.reach(target);
    await target.click();
    await target.fill(text);
    await this.settle();
    await this.trace(`type ${target}`);
  }
  async choose(target: Locator, value: string | { label: string }) {
    this.taps += 2;
    await this.reach(target);
    await target.selectOption(value);
    await this.settle();
    await this.trace(`choose ${target}`);
  }
  async pick(target: Locator, file: string) {
    this.taps += 2;
    await this.reach(target);
    await target.setInputFiles(file);
    await this.settle();
    await this.trace(`pick ${target}`);
  }
  async go(name: string | RegExp) {
    const menu = this.page.getByRole('button', { name: /^Meniu · / });
    await this.tap(menu);
    await this.tap(this.page.getByRole('navigation', { name: 'Administrare' }).getByRole('link', { name, exact: typeof name === 'string' }));
  }
  private y(): Promise<number> {
    return this.page.evaluate(() => window.scrollY);
  }
  async scrolled(): Promise<number> {
    await this.settle();
    return this.page.evaluate(() => (window as unknown as { __scrolled: number }).__scrolled);
  }
}

/**
 * The page's scrolls summed (every scroller's, by the artist or to bring a control into view): `window.__scrolled`.
 * Given to the page as text: a function would reach it as tsx compiled it, calling a `__name` helper the page lacks
 * (the script would stop at its first line and count nothing).
 */
export const countScrolls = `(() => {
  window.__scrolled = 0;
  const last = new WeakMap();
  addEventListener('scroll', (event) => {
    const target = event.target;
    const key = target === document ? window : target;
    const y = target === document || target === window ? window.scrollY : target instanceof Element ? target.scrollTop : 0;
    window.__scrolled += Math.abs(y - (last.get(key) ?? 0));
    last.set(key, y);
  }, { capture: true, passive: true });
})();`;

export type Task = {
  name: string;
  /** What must exist before the task (done outside the artist's count, in a browser of its own). */
  prepare?(page: Page, origin: string): Promise<void>;
  run(artist: Artist, file: { png: string; wav: string }): Promise<void>;
};

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/**
 * The value of a select's option whose text contains `text` (an audio's option also says its length and its state,
 * which may change from "processing" to "ready" while he looks: the value stays).
 */
async function optionOf(select: Locator, text: string): Promise<string> {
  const option = select.locator('option').filter({ hasText: text }).first();
  await option.waitFor({ state: 'attached' });
  return (await option.getAttribute('value')) ?? '';
}

/**
 * A booking request as a visitor sends it from the public page in Romanian, before the measured part and in a browser
 * of its own (nothing of it counts): without JavaScript, as e2e/admin/booking.spec.ts does, the form's plain POST
 * answered "one more step" with a fresh token, and sent again (no waiting on the page's script or the token's age).
 */
async function bookingRequest(page: Page, origin: string) {
  const visitor = await page.context().browser()!.newContext({ baseURL: origin, viewport: PHONE, javaScriptEnabled: false });
  try {
    const p = await visitor.newPage();
    await p.goto('/ro/');
    const form = p.getByRole('form', { name: 'Cere o programare' });
    await form.getByLabel('Numele tău').fill('Ana Popescu');
    await form.getByLabel('E-mailul tău').fill('ana@example.com');
    await form.getByLabel('Despre proiectul tău').fill('Am un EP de cinci piese și aș vrea să-l mixați. Se poate în ianuarie?');
    const send = async () => {
      const answered = p.waitForResponse((response) => response.url().endsWith('/api/booking') && response.request().method() === 'POST');
      await p.locator('form[action="/api/booking"]').getByRole('button', { name: 'Trimite cererea' }).click();
      await answered;
      await p.waitForLoadState('domcontentloaded');
    };
    await send();
    await p.getByText('Încă un pas').waitFor();
    await send();
    await p.getByRole('status').filter({ hasText: 'Mulțumesc! Cererea ta a fost trimisă.' }).waitFor();
  } finally {
    await visitor.close();
  }
}

/** The tasks as the admin before issue 33 had them done. */
export const before: Task[] = [
  {
    name: 'Add a release with a cover',
    async run(a, f) {
      const { page } = a;
      await a.go('Media');
      await a.pick(page.getByLabel('Alegeți imagini sau audio'), f.png);
      await page.getByText('S-a încărcat coperta-noua.png').first().waitFor();
      await a.go('Lansări');
      await a.tap(page.getByRole('button', { name: 'Adăugați o lansare', exact: true }));
      const add = region(page, 'Adăugați în lista „Lansări”');
      await a.type(add.getByLabel('Titlu', { exact: true }), 'Zori noi');
      await a.choose(add.getByLabel('Copertă', { exact: true }), { label: 'coperta-noua.png' });
      await a.tap(add.getByRole('button', { name: 'Publicați' }));
      await page.getByRole('status').filter({ hasText: 'Zori noi' }).first().waitFor();
    },
  },
  {
    name: "Change a service's price, add a sample",
    async run(a, f) {
      const { page } = a;
      // The audio first, on Media: the sample's form only chooses among files already there.
      await a.go('Media');
      await a.pick(page.getByLabel('Alegeți imagini sau audio'), f.wav);
      await page.getByText('S-a încărcat mostra-noua.wav').first().waitFor();
      await a.go('Servicii');
      await a.tap(page.getByRole('button', { name: 'Editați Mixaj' }));
      const edit = page.getByRole('form', { name: 'Editați Mixaj' });
      await a.type(edit.getByLabel('Preț de la', { exact: true }), '220');
      await a.tap(edit.getByRole('button', { name: 'Salvați', exact: true }));
      await page.getByRole('status').filter({ hasText: 'S-a salvat „Mixaj”' }).first().waitFor();
      // Saving closes the service, and its samples with it: he opens it again for the samples' add form.
      await edit.waitFor({ state: 'detached' });
      await a.tap(page.getByRole('button', { name: 'Editați Mixaj' }));
      await a.tap(page.getByRole('button', { name: 'Adăugați o mostră la Mixaj' }));
      const form = page.getByRole('form', { name: 'Adăugați o mostră la Mixaj' });
      await a.type(form.getByRole('group', { name: 'Titlu' }).getByLabel('Română'), 'Zori noi: mixat');
      const audio = form.getByLabel('Audio (după)', { exact: true });
      await a.choose(audio, await optionOf(audio, 'mostra-noua.wav'));
      await a.tap(form.getByRole('button', { name: 'Adăugați mostra' }));
      await page.getByRole('status').filter({ hasText: 'Zori noi: mixat' }).first().waitFor();
    },
  },
  {
    name: 'Add a show, then mark it sold out',
    async run(a) {
      const { page } = a;
      await a.go('Concerte');
      await a.tap(page.getByRole('button', { name: 'Adăugați un concert', exact: true }));
      const add = region(page, 'Adăugați în lista „Concerte”');
      await a.type(add.getByLabel('Locul', { exact: true }), 'Flying Circus');
      await a.type(add.getByLabel('Oraș', { exact: true }), 'Cluj-Napoca');
      // Țară: România is already chosen (the artist's own country).
      const country = add.getByLabel('Țară', { exact: true });
      if ((await country.inputValue()) !== 'RO') await a.choose(country, { label: 'România' });
      await a.type(add.getByLabel('Începe', { exact: true }), '2027-02-13T22:00');
      await a.tap(add.getByRole('button', { name: 'Publicați' }));
      await page.getByRole('status').filter({ hasText: 'Flying Circus' }).first().waitFor();
      const name = 'Editați Flying Circus, Cluj-Napoca';
      await a.tap(page.getByRole('button', { name }));
      const edit = page.getByRole('form', { name: 'Editați Flying Circus, Cluj-Napoca' });
      await a.choose(edit.getByLabel('Situație', { exact: true }), { label: 'Bilete epuizate' });
      await a.tap(edit.getByRole('button', { name: 'Salvați', exact: true }));
      await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name }) })
        .filter({ hasText: 'Bilete epuizate' })
        .waitFor();
    },
  },
  {
    name: 'Answer a booking request',
    async prepare(page, origin) {
      await bookingRequest(page, origin);
    },
    async run(a) {
      const { page } = a;
      await a.go(/^Mesaje/);
      await a.tap(page.getByRole('button', { name: 'Deschideți cererea de la Ana Popescu' }));
      const reply = region(page, 'Cerere de la Ana Popescu').getByRole('link', { name: 'Răspundeți pe e-mail' });
      // A mailto: link opens his mail app: the tap counts, the browser here does not follow it.
      await a.reach(reply);
      a.taps++;
      if (!(await reply.getAttribute('href'))?.startsWith('mailto:ana@example.com')) throw new Error('no reply link to the request');
    },
  },
  {
    name: "Read last week's visitors",
    async run(a) {
      const { page } = a;
      const audience = region(page, 'Public');
      // He scrolls once the dashboard has come in (its parts load on their own: the audience's figures last).
      await audience.getByRole('link', { name: /ultimele 30 de zile/ }).waitFor();
      await a.tap(audience.getByRole('radio', { name: '7 zile' }));
      await audience.getByRole('link', { name: /ultimele 7 zile/ }).waitFor();
      // He reads the figure.
      await a.reach(audience.getByRole('definition').first());
    },
  },
  {
    name: 'Undo a change, restore version 1',
    async run(a) {
      const { page } = a;
      await a.go('Setări');
      await a.type(page.getByRole('group', { name: 'Titlul principal' }).getByRole('textbox', { name: 'Română' }), 'Muzică din orașul de zi');
      await a.tap(page.getByRole('button', { name: 'Salvați', exact: true }));
      await page.getByRole('button', { name: 'Anulați modificarea' }).waitFor();
      await a.tap(page.getByRole('button', { name: 'Anulați modificarea' }));
      await page.getByRole('status').filter({ hasText: 'S-a anulat' }).first().waitFor();
      await a.tap(page.getByText('Istoricul: Setări', { exact: true }));
      await a.tap(page.getByRole('button', { name: 'Restaurați versiunea 1' }));
      // Its question: the fields that change back, "Yes, restore" or Cancel; or, when version 1 is what the Undo
      // already brought back, "the same as now", Cancel alone. He answers it either way.
      const confirm = page.getByRole('group', { name: 'Confirmați restaurarea versiunii 1' });
      const yes = confirm.getByRole('button', { name: 'Da, restaurați' });
      await confirm.waitFor();
      if (await yes.isVisible()) {
        await a.tap(yes);
        await page.getByRole('status').filter({ hasText: 'S-a restaurat versiunea 1.' }).waitFor();
      } else {
        a.notes.push('version 1 was the same as now (the Undo had brought it back): Cancel');
        await a.tap(confirm.getByRole('button', { name: 'Anulați', exact: true }));
        await confirm.waitFor({ state: 'detached' });
      }
    },
  },
  {
    name: 'Follow a checklist link, type in its field',
    async run(a) {
      const { page } = a;
      await a.tap(region(page, 'Pregătirea site-ului').getByRole('link', { name: 'Setați adresa de e-mail de contact' }));
      const email = page.getByRole('textbox', { name: 'E-mail de contact' });
      await a.type(email, 'rezervari@tudorvale.ro');
      await a.tap(page.getByRole('button', { name: 'Salvați', exact: true }));
      await page
        .getByRole('status')
        .filter({ hasText: /^Salvat/ })
        .first()
        .waitFor();
    },
  },
];

/** The same tasks in the admin after issue 33: upload in the field, quick states, Visitors, the message box. */
export const after: Task[] = [
  {
    name: 'Add a release with a cover',
    async run(a, f) {
      const { page } = a;
      await a.go('Lansări');
      await a.tap(page.getByRole('button', { name: 'Adăugați o lansare', exact: true }));
      const add = region(page, 'Adăugați în lista „Lansări”');
      await a.type(add.getByLabel('Titlu', { exact: true }), 'Zori noi');
      // The cover uploaded in its field, chosen there; its description asked for, both languages filled in.
      const cover = add.getByRole('group', { name: 'Copertă' });
      await a.pick(cover.getByLabel('Încărcați una nouă'), f.png);
      await cover.getByRole('radio', { name: 'coperta-noua.png' }).and(page.locator(':checked')).waitFor({ timeout: 30_000 });
      const describe = cover.getByRole('group', { name: 'Descrieți această imagine' });
      await a.tap(describe.getByRole('button', { name: 'Salvați descrierea' }));
      await describe.waitFor({ state: 'detached' });
      await a.tap(add.getByRole('button', { name: 'Publicați' }));
      await page.getByRole('status').filter({ hasText: 'Zori noi' }).first().waitFor();
    },
  },
  {
    name: "Change a service's price, add a sample",
    async run(a, f) {
      const { page } = a;
      await a.go('Servicii');
      await a.tap(page.getByRole('button', { name: 'Editați Mixaj' }));
      const edit = page.getByRole('form', { name: 'Editați Mixaj' });
      await a.type(edit.getByLabel('Preț de la', { exact: true }), '220');
      await a.tap(edit.getByRole('button', { name: 'Salvați', exact: true }));
      await page.getByRole('status').filter({ hasText: 'S-a salvat „Mixaj”' }).first().waitFor();
      await edit.waitFor({ state: 'detached' });
      await a.tap(page.getByRole('button', { name: 'Editați Mixaj' }));
      await a.tap(page.getByRole('button', { name: 'Adăugați o mostră la Mixaj' }));
      const form = page.getByRole('form', { name: 'Adăugați o mostră la Mixaj' });
      await a.type(form.getByRole('group', { name: 'Titlu' }).getByLabel('Română'), 'Zori noi: mixat');
      // The audio uploaded in its field, chosen at once.
      const field = form.locator('.field').filter({ has: page.getByLabel('Audio (după)', { exact: true }) });
      await a.pick(field.getByLabel('Încărcați unul nou'), f.wav);
      await form
        .getByLabel('Audio (după)', { exact: true })
        .locator('option:checked', { hasText: 'mostra-noua.wav' })
        .waitFor({ state: 'attached', timeout: 30_000 });
      await a.tap(form.getByRole('button', { name: 'Adăugați mostra' }));
      await page.getByRole('status').filter({ hasText: 'Zori noi: mixat' }).first().waitFor();
    },
  },
  {
    name: 'Add a show, then mark it sold out',
    async run(a) {
      const { page } = a;
      await a.go('Concerte');
      await a.tap(page.getByRole('button', { name: 'Adăugați un concert', exact: true }));
      const add = region(page, 'Adăugați în lista „Concerte”');
      await a.type(add.getByLabel('Locul', { exact: true }), 'Flying Circus');
      await a.type(add.getByLabel('Oraș', { exact: true }), 'Cluj-Napoca');
      await a.type(add.getByLabel('Începe', { exact: true }), '2027-02-13T22:00');
      await a.tap(add.getByRole('button', { name: 'Publicați' }));
      await page.getByRole('status').filter({ hasText: 'Flying Circus' }).first().waitFor();
      // Sold out from the row: its ⋯ opens the quick changes on a phone.
      const name = 'Flying Circus, Cluj-Napoca';
      const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Editați ${name}` }) });
      await a.tap(row.getByRole('button', { name: `Schimbări rapide pentru ${name}` }));
      await a.tap(row.getByRole('button', { name: `Bilete epuizate: ${name}` }));
      await page.getByRole('status').filter({ hasText: 'Bilete epuizate' }).first().waitFor();
    },
  },
  {
    name: 'Answer a booking request',
    async prepare(page, origin) {
      await bookingRequest(page, origin);
    },
    async run(a) {
      await before[3]!.run(a, { png: '', wav: '' });
    },
  },
  {
    name: "Read last week's visitors",
    async run(a) {
      const { page } = a;
      await a.go('Vizitatori');
      const report = page.getByRole('main');
      await report.getByRole('link', { name: /ultimele 30 de zile/ }).waitFor();
      await a.tap(report.getByRole('radio', { name: '7 zile' }));
      await report.getByRole('link', { name: /ultimele 7 zile/ }).waitFor();
      await a.reach(report.getByRole('definition').first());
    },
  },
  {
    name: 'Undo a change, restore version 1',
    // The same steps: the one Undo on the page after a save is the message box's, held at the top of the screen.
    async run(a) {
      await before[5]!.run(a, { png: '', wav: '' });
    },
  },
  {
    name: 'Follow a checklist link, type in its field',
    async run(a) {
      await before[6]!.run(a, { png: '', wav: '' });
    },
  },
];

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'scena-first-day-'));
  const env = { ...process.env, DATABASE_URL: join(dir, 'scena.db'), ADMIN_EMAIL: EMAIL, LOG_LEVEL: 'warn' };
  for (const args of [['sample'], ['create', EMAIL]]) {
    const done = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...env, ADMIN_PASSWORD: PASSWORD },
      encoding: 'utf8',
    });
    if (done.status !== 0) throw new Error(`${args.join(' ')}: ${done.stderr}${done.stdout}`);
  }
  Object.assign(process.env, { ADMIN_EMAIL: EMAIL });
  const server = await startScena(dir);
  const file = files(dir);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const results: ({ task: string } & Count)[] = [];
  try {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion: 'reduce', baseURL: server.origin });
    await context.addInitScript({ content: countScrolls });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByLabel(/^E-mail$/).fill(EMAIL);
    await page.getByLabel(/^(Parolă|Password)$/).fill(PASSWORD);
    await page.getByRole('button', { name: /^(Conectați-vă|Sign in)$/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.evaluate(() => localStorage.setItem('scena.admin.language', 'ro'));
    for (const task of BEFORE ? before : after) {
      await task.prepare?.(page, server.origin);
      await page.goto('/admin');
      await page.getByRole('heading', { level: 1, name: 'Panou de control' }).waitFor();
      // The dashboard's parts (backups, checklist, next release, audience) load on their own: he starts once they
      // are in, or content arriving above would move the page under him (the browser's scroll anchoring, counted).
      await page.waitForLoadState('networkidle');
      const artist = new Artist(page);
      const start = await artist.scrolled();
      await task.run(artist, file);
      results.push({
        task: task.name,
        taps: artist.taps,
        scrolled: Math.round((await artist.scrolled()) - start),
        own: Math.round(artist.own),
        ...(artist.notes.length ? { notes: artist.notes } : {}),
      });
      console.log(
        `${task.name.padEnd(44)} ${String(artist.taps).padStart(4)} taps  ${String(results.at(-1)!.scrolled).padStart(7)} px (his own ${String(results.at(-1)!.own).padStart(5)} px)${artist.notes.map((n) => `  (${n})`).join('')}`,
      );
    }
  } catch (error) {
    const page = browser.contexts()[0]?.pages()[0];
    if (page) {
      await page.screenshot({ path: join(ROOT, 'bench/results/first-day-failure.png') });
      console.error(
        `Failed at ${page.url()}:\n${(
          await page
            .locator('main')
            .ariaSnapshot()
            .catch(() => '')
        ).slice(0, 3000)}`,
      );
    }
    throw error;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/first-day${BEFORE ? '-before' : ''}.json`), `${JSON.stringify(results, null, 2)}\n`);
}

if (process.argv[1]?.endsWith('first-day.ts')) await main();
