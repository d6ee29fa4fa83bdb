// @vitest-environment jsdom
/** The Services section as the server renders it: cards, samples' markup (no audio yet), credits, quotes. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fullItem } from '../../content/fields/declare';
import { audio, credits, samples, services, testimonials } from '../../content/kinds';
import type { Credit, Language, MediaItem, PublicContent } from '../../content/model';
import { EMPTY_CONTENT } from '../../content/page-data';
import { SEED_SERVICES } from '../../content/seed';
import { ContentProvider } from '../../content/use-content';
import { en } from '../../i18n/en';
import { I18nProvider } from '../../i18n/i18n';
import { ro } from '../../i18n/ro';
import Services from './services';

const render = (lang: Language, content: PublicContent) => {
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <I18nProvider lang={lang} setLang={() => {}}>
      <ContentProvider initial={content}>
        <Services />
      </ContentProvider>
    </I18nProvider>,
  );
  return root;
};
const texts = (root: Element, selector: string) => [...root.querySelectorAll(selector)].map((element) => element.textContent);

const HASH = (n: number) => String(n).repeat(64).slice(0, 64);
const track = (id: string, n: number, loudness: number) =>
  fullItem(audio, { id, name: `${id}.wav`, src: `/media/${HASH(n)}`, status: 'ready', durationMs: 184_000, loudness, waveform: '10ff80' });
const cover: MediaItem = {
  id: 'img-1',
  src: `/media/${'c'.repeat(64)}`,
  width: 800,
  height: 800,
  placeholder: '',
  name: 'c.jpg',
  alt_en: 'Cover',
  alt_ro: 'Copertă',
};

const credit = (value: Partial<Credit> & { id: string }): Credit => ({ ...fullItem(credits, value), id: value.id });

const mixing = fullItem(services, {
  id: 'svc-mix',
  title_en: 'Mixing',
  title_ro: 'Mixaj',
  description_en: 'Clear vocals.',
  description_ro: '',
  priceFrom: 200,
  currency: 'EUR',
  priceNote_en: 'per song',
  priceNote_ro: 'per piesă',
  daysFrom: 7,
  daysTo: 4,
  included_en: 'Up to 48 tracks\n\nThree revisions',
  included_ro: 'Până la 48 de piste\nTrei revizii',
  booking: 'mixing',
});
const beats = fullItem(services, { id: 'svc-beats', title_en: 'Beats', title_ro: 'Beaturi', booking: 'beat' });

const content: PublicContent = {
  ...EMPTY_CONTENT,
  services: [mixing, beats],
  samples: [
    fullItem(samples, {
      id: 'pair',
      service: 'svc-mix',
      title_en: 'Ora albastră, mix',
      title_ro: 'Ora albastră, mix',
      audio: 'after',
      before: 'before',
      matching: 'on',
    }),
    fullItem(samples, { id: 'unmatched', service: 'svc-mix', title_en: 'Nopți albe', audio: 'after', before: 'before', matching: 'off' }),
    fullItem(samples, { id: 'not-ready', service: 'svc-mix', title_en: 'Still processing', audio: 'missing' }),
    fullItem(samples, { id: 'beat', service: 'svc-beats', title_en: 'Trap beat', title_ro: 'Beat trap', audio: 'preview', kind: 'beat' }),
  ],
  audio: [track('after', 1, -9), track('before', 2, -15), track('preview', 3, -10)],
  credits: [
    credit({ id: 'old', artist: 'Ana Stan', title: 'Ora zero', roles: ['produced'], year: 2021, link: 'https://open.spotify.com/track/1' }),
    credit({ id: 'new', artist: 'Dava', title: 'Mansarda', roles: ['mixed', 'mastered'], year: 2025, cover: 'img-1' }),
  ],
  testimonials: [
    fullItem(testimonials, {
      id: 't1',
      quote_en: 'He heard what the song needed.',
      quote_ro: 'A auzit ce îi trebuia piesei.',
      name: 'Irina Dobre',
      role_en: 'Singer',
      role_ro: 'Cântăreață',
      link: 'https://irinadobre.ro',
    }),
    fullItem(testimonials, { id: 't2', quote_en: 'Clear price, clear deadline.', name: 'Luca Mihai', role_en: 'Producer' }),
  ],
  media: [cover],
  settings: { producerTag: 'tag-1' },
};

describe('the Services section', () => {
  it('shows the spec’s four services, in order, while the list is empty, each with its "Get in touch"', () => {
    for (const lang of ['en', 'ro'] as const) {
      const root = render(lang, EMPTY_CONTENT);
      expect(texts(root, '.service h3')).toEqual(SEED_SERVICES.map((s) => s[`title_${lang}`]));
      expect(texts(root, '.service__description')).toEqual(SEED_SERVICES.map((s) => s[`description_${lang}`]));
      const touch = [...root.querySelectorAll('.service a')];
      expect(touch.map((a) => a.getAttribute('href'))).toEqual(['#contact', '#contact', '#contact', '#contact']);
      const dict = lang === 'en' ? en : ro;
      expect(touch[1]!.getAttribute('aria-label')).toBe(dict['services.ctaFor'].replace('{service}', SEED_SERVICES[1]![`title_${lang}`]));
      // No price, no turnaround, nothing included, no samples, no credits, no quotes: none of their markup.
      expect(root.querySelector('.service__price, .service__included, .samples, .credits, .testimonials, [role="status"]')).toBeNull();
    }
  });

  it('shows a card’s price and turnaround, its note, and what it includes, in the page’s language', () => {
    const card = render('ro', content).querySelector('.service')!;
    expect(card.querySelector('.service__line')!.textContent).toBe('de la 200\u00a0EUR · 4–7 zile');
    expect(card.querySelector('.service__note')!.textContent).toBe('per piesă');
    expect(card.querySelector('h4')!.textContent).toBe('Ce include');
    expect(texts(card, '.service__included li')).toEqual(['Până la 48 de piste', 'Trei revizii']);
    // No Romanian description: the English one, marked as English.
    expect(card.querySelector('.service__description')!.getAttribute('lang')).toBe('en');
    expect(texts(render('en', content).querySelector('.service')!, '.service__included li')).toEqual(['Up to 48 tracks', 'Three revisions']);
  });

  it('renders each playable sample with its title, a disabled Play, the waveform as a slider and its time, but no audio', () => {
    const root = render('en', content);
    const html = root.innerHTML;
    expect(root.querySelector('.samples')!.querySelector('audio, source, video')).toBeNull();
    expect(root.querySelector('audio, video, source[type^="audio"]')).toBeNull();
    expect(html).not.toMatch(/\.webm|\.m4a|\/media\/1{64}|\/media\/2{64}/);
    expect(texts(root, '.sample__title')).toEqual(['Ora albastră, mix', 'Nopți albe', 'Trap beat']);
    const play = [...root.querySelectorAll<HTMLButtonElement>('.sample__play')];
    expect(play.map((b) => [b.disabled, b.getAttribute('aria-label')])).toEqual([
      [true, 'Play: Ora albastră, mix'],
      [true, 'Play: Nopți albe'],
      [true, 'Play: Trap beat'],
    ]);
    const slider = root.querySelector('[role="slider"]')!;
    expect(slider.getAttribute('aria-label')).toBe('Position in Ora albastră, mix');
    expect([slider.getAttribute('aria-valuemin'), slider.getAttribute('aria-valuemax'), slider.getAttribute('aria-valuenow')]).toEqual(['0', '184', '0']);
    expect(slider.getAttribute('aria-valuetext')).toBe('0 seconds of 3 minutes 4 seconds');
    expect(texts(root, '.sample__time')).toEqual(['0:00 / 3:04', '0:00 / 3:04', '0:00 / 3:04']);
    // Without JavaScript a line says why nothing plays.
    expect(root.querySelector('noscript')!.textContent).toContain(en['player.noScript']);
    expect(root.querySelector('[role="status"]')).not.toBeNull();
  });

  it('gives a pair its Before / After switch (After first), says "Loudness matched" only when it is, and marks a beat as a tagged preview', () => {
    const root = render('ro', content);
    const [pair, unmatched, beat] = [...root.querySelectorAll('.sample')];
    const group = pair!.querySelector('[role="group"]')!;
    expect(group.getAttribute('aria-label')).toBe('Compară Ora albastră, mix');
    expect([...group.querySelectorAll('button')].map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Înainte', 'false'],
      ['După', 'true'],
    ]);
    expect(pair!.textContent).toContain(ro['player.matched']);
    expect(unmatched!.querySelector('[role="group"]')).not.toBeNull();
    expect(unmatched!.textContent).not.toContain(ro['player.matched']);
    // No Romanian title: the English one, marked.
    expect(unmatched!.querySelector('.sample__title')!.getAttribute('lang')).toBe('en');
    expect(beat!.querySelector('[role="group"]')).toBeNull();
    expect(beat!.textContent).toContain(ro['player.beat']);
    // Without a producer tag in the settings, a beat is a plain preview.
    const untagged = render('en', { ...content, settings: {} }).querySelectorAll('.sample')[2]!;
    expect(untagged.textContent).toContain(en['player.preview']);
    expect(untagged.textContent).not.toContain(en['player.beat']);
    expect(root.querySelector('.samples__list')!.getAttribute('aria-label')).toBe('Mostre pentru Mixaj');
  });

  it('lists the credits newest first, with a cover or a placeholder tile, the roles in the language and the link in a new tab', () => {
    const root = render('ro', content);
    expect(root.querySelector('.credits h3')!.textContent).toBe('Lucrări selectate');
    const [first, second] = [...root.querySelectorAll('.credit')];
    expect(first!.querySelector('.credit__name')!.textContent).toBe('Dava — Mansarda');
    expect(first!.querySelector('.credit__meta')!.textContent).toBe('2025 · Mixaj, Masterizare');
    expect(first!.querySelector('img.picture__img')!.getAttribute('alt')).toBe('Copertă');
    expect(second!.querySelector('.credit__cover--none')!.getAttribute('aria-hidden')).toBe('true');
    const link = second!.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://open.spotify.com/track/1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe(`Ana Stan — Ora zero ${ro['common.newTab']}`);
  });

  it('shows what clients say as figures with a quote and a caption, a quote in the other language marked so', () => {
    const root = render('ro', content);
    expect(root.querySelector('.testimonials h3')!.textContent).toBe('Ce spun clienții');
    const [first, second] = [...root.querySelectorAll('figure')];
    expect(first!.querySelector('blockquote')!.textContent).toBe('A auzit ce îi trebuia piesei.');
    expect(first!.querySelector('blockquote')!.hasAttribute('lang')).toBe(false);
    expect(first!.querySelector('figcaption .quote__role')!.textContent).toBe('Cântăreață');
    expect(first!.querySelector('figcaption a')!.getAttribute('href')).toBe('https://irinadobre.ro/');
    expect(second!.querySelector('blockquote')!.getAttribute('lang')).toBe('en');
    expect(second!.querySelector('blockquote')!.textContent).toBe('Clear price, clear deadline.');
    expect(second!.querySelector('.quote__role')!.getAttribute('lang')).toBe('en');
    expect(second!.querySelector('figcaption a')).toBeNull();
  });

  it('writes no inline style (the public CSP allows none)', () => {
    expect(render('en', content).innerHTML).not.toMatch(/style=/);
  });
});
