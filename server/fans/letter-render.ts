/**
 * A letter as the mail a subscriber gets (docs/decisions/0035-fans-by-email.md, Letters): e-mail-safe HTML (tables and
 * inline styles, no script, no stylesheet, images only from the site's own https origin) and its plain-text part, in
 * one language. Links to the site carry `?src=letter-<id>` so the cookie-free counting credits the visits the letter
 * brings (server/audience/counting.ts); there is no open pixel and no redirect: a link goes straight where it says.
 *
 * Rendered once per language and letter (a template); each subscriber's mail only fills in their unsubscribe link
 * (UNSUBSCRIBE below), so 10,000 mails cost one render and 10,000 string replacements.
 */
import { siteConfig } from '../../site.config';
import type { Language } from '../../src/content/constants';
import { isLocalMedia, variantUrl, variantWidths } from '../../src/content/media';
import type { MediaItem, PublicContent, Release, Show } from '../../src/content/model';
import { PLATFORMS, PLATFORM_KEYS } from '../../src/content/platforms';
import { releasePath } from '../../src/content/release-cycle';
import { showPath, showStart, showZone } from '../../src/content/shows';
import { showCity } from '../../src/content/show-view';
import { cardsOf, parseBody, type Block, type FormatProblem, type Inline } from './letter-format';

/** Where each subscriber's own unsubscribe address goes in a rendered template. */
export const UNSUBSCRIBE = '%%SCENA-UNSUBSCRIBE%%';

export interface LetterText {
  id: string;
  subject: string;
  body: string;
}

export interface RenderedLetter {
  subject: string;
  html: string;
  text: string;
}

export interface RenderOptions {
  /** The site's public origin (siteConfig.siteUrl): links to the site and images come from it. */
  origin?: string;
}

const WORDS = {
  en: {
    why: (site: string) => `You get this because you signed up for ${siteConfig.artist.name}’s letters on ${site}.`,
    leave: 'Unsubscribe',
    leaveLine: 'Unsubscribe (one click)',
    listen: 'Listen',
    page: 'On the site',
    tickets: 'Tickets',
    from: 'from',
    service: 'Book it',
  },
  ro: {
    why: (site: string) => `Primești acest mesaj pentru că te-ai abonat la scrisorile lui ${siteConfig.artist.name} pe ${site}.`,
    leave: 'Dezabonează-te',
    leaveLine: 'Dezabonează-te (un singur clic)',
    listen: 'Ascultă',
    page: 'Pe site',
    tickets: 'Bilete',
    from: 'de la',
    service: 'Rezervă',
  },
} as const;

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#1a1a1a';
const MUTED = '#5c5c5c';
const ACCENT = '#8a2b06';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A link to the site's own pages gets `src=letter-<id>` (the counting's source); any other link stays as written. */
export function trackedHref(href: string, letterId: string, origin: string): string {
  const url = new URL(href);
  if (url.origin !== new URL(origin).origin) return url.href;
  url.searchParams.set('src', `letter-${letterId}`);
  return url.href;
}

interface Ctx {
  lang: Language;
  letterId: string;
  origin: string;
  content: PublicContent;
  problems: FormatProblem[];
}

function inlineHtml(nodes: Inline[], ctx: Ctx): string {
  return nodes
    .map((n) => {
      if (n.t === 'text') return escapeHtml(n.v);
      if (n.t === 'b') return `<strong>${inlineHtml(n.c, ctx)}</strong>`;
      if (n.t === 'i') return `<em>${inlineHtml(n.c, ctx)}</em>`;
      return `<a href="${escapeHtml(trackedHref(n.href, ctx.letterId, ctx.origin))}" style="color:${ACCENT};text-decoration:underline">${inlineHtml(n.c, ctx)}</a>`;
    })
    .join('');
}

function inlineText(nodes: Inline[], ctx: Ctx): string {
  return nodes
    .map((n) => {
      if (n.t === 'text') return n.v;
      if (n.t === 'b') return `*${inlineText(n.c, ctx)}*`;
      if (n.t === 'i') return `_${inlineText(n.c, ctx)}_`;
      const words = inlineText(n.c, ctx);
      const href = trackedHref(n.href, ctx.letterId, ctx.origin);
      return words === n.href ? href : `${words} (${href})`;
    })
    .join('');
}

/** An image of the library as an address on the site's origin (the 640 px JPEG every mail program shows), or undefined. */
function imageOf(content: PublicContent, id: string, origin: string): { src: string; alt: string; width: number; height: number } | undefined {
  const item = (content.media ?? []).find((m: MediaItem) => m.id === id);
  if (!item || !isLocalMedia(item.src)) return undefined;
  const width =
    variantWidths(item.width)
      .filter((w) => w <= 640)
      .pop() ?? variantWidths(item.width)[0]!;
  return { src: new URL(variantUrl(item.src, width, 'jpg'), origin).href, alt: '', width, height: Math.round((item.height * width) / item.width) };
}

interface Card {
  title: string;
  lines: string[];
  image?: { src: string; alt: string; width: number; height: number };
  links: { label: string; href: string }[];
}

function releaseCard(release: Release, ctx: Ctx): Card {
  const w = WORDS[ctx.lang];
  const description = String((release as Record<string, unknown>)[`description_${ctx.lang}`] ?? '');
  const links = PLATFORM_KEYS.filter((k) => release.links?.[k]).map((k) => ({ label: PLATFORMS[k].label, href: release.links[k]! }));
  return {
    title: release.title,
    lines: description ? [description] : [],
    image: release.cover ? imageOf(ctx.content, release.cover, ctx.origin) : undefined,
    links: [...links, ...(release.slug ? [{ label: w.page, href: new URL(releasePath(ctx.lang, release.slug), ctx.origin).href }] : [])],
  };
}

function showCard(show: Show, ctx: Ctx): Card {
  const w = WORDS[ctx.lang];
  const start = showStart(show);
  const when =
    start === undefined
      ? ''
      : new Intl.DateTimeFormat(ctx.lang === 'ro' ? 'ro-RO' : 'en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: showZone(show) }).format(start);
  return {
    title: `${show.venue}, ${showCity(show, ctx.lang)}`,
    lines: [when].filter(Boolean),
    image: show.poster ? imageOf(ctx.content, show.poster, ctx.origin) : undefined,
    links: [
      ...(show.tickets ? [{ label: w.tickets, href: show.tickets }] : []),
      ...(show.slug ? [{ label: w.page, href: new URL(showPath(ctx.lang, show.slug), ctx.origin).href }] : []),
    ],
  };
}

function serviceCard(service: Record<string, unknown>, ctx: Ctx): Card {
  const w = WORDS[ctx.lang];
  const title = String(service[`title_${ctx.lang}`] ?? '');
  const description = String(service[`description_${ctx.lang}`] ?? '');
  const price = Number(service.priceFrom) > 0 ? `${w.from} ${String(service.priceFrom)} ${String(service.currency ?? '')}`.trim() : '';
  return {
    title,
    lines: [description, price].filter(Boolean),
    links: [{ label: w.service, href: new URL(`/${ctx.lang}/#services`, ctx.origin).href }],
  };
}

function cardOf(block: Extract<Block, { t: 'card' }>, ctx: Ctx): Card | undefined {
  const list = (name: string) => ((ctx.content as unknown as Record<string, unknown>)[name] ?? []) as Record<string, unknown>[];
  const item = list(`${block.kind}s`).find((i) => i.id === block.id);
  if (!item) return undefined;
  if (block.kind === 'release') return releaseCard(item as unknown as Release, ctx);
  if (block.kind === 'show') return showCard(item as unknown as Show, ctx);
  return serviceCard(item, ctx);
}

function cardHtml(card: Card, ctx: Ctx): string {
  const image = card.image
    ? `<tr><td style="padding:0 0 12px"><img src="${escapeHtml(card.image.src)}" width="${card.image.width > 280 ? 280 : card.image.width}" alt="${escapeHtml(card.title)}" style="display:block;width:100%;max-width:280px;height:auto;border:0;border-radius:4px"></td></tr>`
    : '';
  const lines = card.lines.map((l) => `<p style="margin:0 0 8px;${FONT};font-size:15px;line-height:1.5;color:${MUTED}">${escapeHtml(l)}</p>`).join('');
  const links = card.links
    .map(
      (l) =>
        `<a href="${escapeHtml(trackedHref(l.href, ctx.letterId, ctx.origin))}" style="display:inline-block;margin:4px 8px 4px 0;padding:8px 14px;background:${ACCENT};color:#ffffff;text-decoration:none;border-radius:4px;${FONT};font-size:14px;font-weight:600">${escapeHtml(l.label)}</a>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border:1px solid #e2ddd5;border-radius:6px"><tr><td style="padding:16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${image}<tr><td><p style="margin:0 0 8px;${FONT};font-size:18px;font-weight:700;color:${INK}">${escapeHtml(card.title)}</p>${lines}${links}</td></tr></table></td></tr></table>`;
}

function cardText(card: Card, ctx: Ctx): string {
  return [`== ${card.title} ==`, ...card.lines, ...card.links.map((l) => `${l.label}: ${trackedHref(l.href, ctx.letterId, ctx.origin)}`)].join('\n');
}

const HEADING_SIZE = { 1: 24, 2: 20, 3: 17 } as const;

function blocksHtml(blocks: Block[], ctx: Ctx): string {
  const p = `margin:0 0 16px;${FONT};font-size:16px;line-height:1.6;color:${INK}`;
  return blocks
    .map((b) => {
      if (b.t === 'p') return `<p style="${p}">${inlineHtml(b.c, ctx)}</p>`;
      if (b.t === 'h') {
        const tag = `h${b.level + 1}`;
        return `<${tag} style="margin:24px 0 12px;${FONT};font-size:${HEADING_SIZE[b.level]}px;line-height:1.3;color:${INK}">${inlineHtml(b.c, ctx)}</${tag}>`;
      }
      if (b.t === 'ul' || b.t === 'ol') {
        const items = b.items.map((i) => `<li style="margin:0 0 6px">${inlineHtml(i, ctx)}</li>`).join('');
        return `<${b.t} style="margin:0 0 16px;padding-left:24px;${FONT};font-size:16px;line-height:1.6;color:${INK}">${items}</${b.t}>`;
      }
      const card = cardOf(b, ctx);
      return card ? cardHtml(card, ctx) : '';
    })
    .join('\n');
}

function blocksText(blocks: Block[], ctx: Ctx): string {
  return blocks
    .map((b) => {
      if (b.t === 'p') return inlineText(b.c, ctx);
      if (b.t === 'h') return inlineText(b.c, ctx).toUpperCase();
      if (b.t === 'ul') return b.items.map((i) => `- ${inlineText(i, ctx)}`).join('\n');
      if (b.t === 'ol') return b.items.map((i, n) => `${n + 1}. ${inlineText(i, ctx)}`).join('\n');
      const card = cardOf(b, ctx);
      return card ? cardText(card, ctx) : '';
    })
    .filter(Boolean)
    .join('\n\n');
}

/** The problems of a letter's text in one language: its body's format, and each card whose item does not exist (or is a draft). */
export function letterProblems(body: string, content: PublicContent): FormatProblem[] {
  const { blocks, problems } = parseBody(body);
  const ctx: Ctx = { lang: 'en', letterId: 'x', origin: siteConfig.siteUrl, content, problems };
  for (const card of cardsOf(blocks)) {
    if (!cardOf(card, ctx)) {
      problems.push({
        line: 0,
        en: `The card [[${card.kind}:${card.id}]] names nothing on the site (removed, or still a draft).`,
        ro: `Cardul [[${card.kind}:${card.id}]] nu trimite la nimic de pe site (a fost eliminat sau e încă ciornă).`,
      });
    }
  }
  return problems;
}

/** The letter in one language, its unsubscribe address left as UNSUBSCRIBE (filled per subscriber by personalise()). */
export function renderLetter(letter: LetterText, lang: Language, content: PublicContent, options: RenderOptions = {}): RenderedLetter {
  const origin = options.origin ?? siteConfig.siteUrl;
  const { blocks, problems } = parseBody(letter.body);
  const ctx: Ctx = { lang, letterId: letter.id, origin, content, problems };
  const w = WORDS[lang];
  const site = new URL(origin).host;
  const home = trackedHref(new URL(`/${lang}/`, origin).href, letter.id, origin);
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ec">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f1ec"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:24px 24px 8px"><a href="${escapeHtml(home)}" style="${FONT};font-size:14px;font-weight:700;letter-spacing:0.08em;text-transform:uppercase;color:${ACCENT};text-decoration:none">${escapeHtml(siteConfig.artist.name)}</a></td></tr>
<tr><td style="padding:8px 24px 8px">
${blocksHtml(blocks, ctx)}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e2ddd5"><p style="margin:0 0 8px;${FONT};font-size:13px;line-height:1.5;color:${MUTED}">${escapeHtml(w.why(site))}</p><p style="margin:0;${FONT};font-size:13px;line-height:1.5"><a href="${UNSUBSCRIBE}" style="color:${MUTED};text-decoration:underline">${escapeHtml(w.leaveLine)}</a></p></td></tr>
</table></td></tr></table>
</body></html>
`;
  const text = `${blocksText(blocks, ctx)}\n\n-- \n${w.why(site)}\n${w.leave}: ${UNSUBSCRIBE}\n`;
  return { subject: letter.subject, html, text };
}

/** One subscriber's copy: their unsubscribe address in place (a token of [A-Za-z0-9._-], nothing to escape). */
export function personalise(rendered: RenderedLetter, unsubscribeUrl: string): RenderedLetter {
  return {
    subject: rendered.subject,
    html: rendered.html.replaceAll(UNSUBSCRIBE, unsubscribeUrl),
    text: rendered.text.replaceAll(UNSUBSCRIBE, unsubscribeUrl),
  };
}
