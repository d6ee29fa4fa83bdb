/**
 * The small safe format a letter's body is written in (docs/decisions/0035-fans-by-email.md, Letters): a subset of
 * Markdown parsed here, never HTML. What a person types is only ever text: `<b>` or `<script>` arrive in the letter as
 * those characters, escaped. Links must be https:// (a `javascript:`, `data:` or `http:` link is refused, naming its
 * line), so nothing in a letter can run or point at an address that is not a web page.
 *
 *   blank line          a new paragraph
 *   # / ## / ###        a heading (a line of its own)
 *   - item, * item      a list; 1. item: a numbered list
 *   **bold**, *italic*, _italic_, [words](https://…), and a bare https://… address
 *   [[release:ID]], [[show:ID]], [[service:ID]]   a card (a line of its own), drawn from the site's content
 */

export type Inline = { t: 'text'; v: string } | { t: 'b'; c: Inline[] } | { t: 'i'; c: Inline[] } | { t: 'a'; href: string; c: Inline[] };

export type CardKind = 'release' | 'show' | 'service';
export const CARD_KINDS: readonly CardKind[] = ['release', 'show', 'service'];

export type Block =
  | { t: 'p'; c: Inline[] }
  | { t: 'h'; level: 1 | 2 | 3; c: Inline[] }
  | { t: 'ul'; items: Inline[][] }
  | { t: 'ol'; items: Inline[][] }
  | { t: 'card'; kind: CardKind; id: string };

/** A problem with the body, on its line (1-based), in both languages (the admin shows the one it speaks). */
export interface FormatProblem {
  line: number;
  en: string;
  ro: string;
}

/** The most a body may hold (characters) and the most cards in one letter. */
export const BODY_MAX = 20_000;
export const CARDS_MAX = 10;

const CARD = /^\[\[(release|show|service):([A-Za-z0-9_-]{1,64})\]\]$/;
const HEADING = /^(#{1,3})\s+(.+)$/;
const BULLET = /^[-*]\s+(.+)$/;
const NUMBERED = /^\d{1,3}[.)]\s+(.+)$/;
// One inline mark at a time, the earliest first: a link, a bare address, bold, italic.
const INLINE =
  /\[([^\]\n]{1,500})\]\(([^()\s]{1,2000})\)|(https:\/\/[^\s<>()[\]"]{1,2000})|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*?[^*\s])?)\*|(?<![A-Za-z0-9])_([^_\s](?:[^_]*?[^_\s])?)_(?![A-Za-z0-9])/;

/** Why a link's address cannot be in a letter, or undefined: only https:// web addresses, without a user name or password. */
export function linkProblem(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return 'not-address';
  }
  if (url.protocol !== 'https:') return 'not-https';
  if (url.username || url.password) return 'credentials';
  return undefined;
}

const LINK_WORDS: Record<string, { en: (href: string) => string; ro: (href: string) => string }> = {
  'not-address': {
    en: (h) => `“${h}” is not a web address: write it as https://…`,
    ro: (h) => `„${h}” nu este o adresă web: scrieți-o ca https://…`,
  },
  'not-https': {
    en: (h) => `the link “${h}” is not an https:// address: a letter carries only https:// links (never javascript:, data: or http:).`,
    ro: (h) => `linkul „${h}” nu este o adresă https://: o scrisoare are doar linkuri https:// (niciodată javascript:, data: sau http:).`,
  },
  credentials: {
    en: (h) => `the link “${h}” holds a user name or password: leave them out.`,
    ro: (h) => `linkul „${h}” conține un nume de utilizator sau o parolă: scoateți-le.`,
  },
};

/** A `javascript:`, `data:` or `vbscript:` address anywhere on a line, in a link or not: always said, never sent. */
const BARE_SCHEME = /(?<![A-Za-z0-9])(?:javascript|data|vbscript):[^\s\]]*/i;

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);

function inline(text: string, line: number, problems: FormatProblem[], inLink = false): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ t: 'text', v: rest });
      break;
    }
    if (m.index > 0) out.push({ t: 'text', v: rest.slice(0, m.index) });
    const [whole, label, target, bare, bold, star, under] = m;
    if (label !== undefined && target !== undefined) {
      const problem = linkProblem(target);
      // A javascript:, data: or vbscript: address is reported once, by the line's own check below.
      if (problem && !BARE_SCHEME.test(target))
        problems.push({ line, en: `Line ${line}: ${LINK_WORDS[problem]!.en(short(target))}`, ro: `Rândul ${line}: ${LINK_WORDS[problem]!.ro(short(target))}` });
      const c = inline(label, line, problems, true);
      out.push(inLink || problem ? { t: 'text', v: label } : { t: 'a', href: new URL(target).href, c });
    } else if (bare !== undefined) {
      // A sentence's full stop or comma after an address is not part of it.
      const href = bare.replace(/[.,;:!?]+$/, '');
      const tail = bare.slice(href.length);
      out.push(inLink || linkProblem(href) ? { t: 'text', v: href } : { t: 'a', href: new URL(href).href, c: [{ t: 'text', v: href }] });
      if (tail) out.push({ t: 'text', v: tail });
    } else if (bold !== undefined) out.push({ t: 'b', c: inline(bold, line, problems, inLink) });
    else out.push({ t: 'i', c: inline((star ?? under)!, line, problems, inLink) });
    rest = rest.slice(m.index + whole.length);
  }
  return out;
}

export interface ParsedBody {
  blocks: Block[];
  problems: FormatProblem[];
}

/** The body's blocks, and every problem with it (an empty list: it can be sent). */
export function parseBody(body: string): ParsedBody {
  const problems: FormatProblem[] = [];
  if (body.length > BODY_MAX) {
    problems.push({ line: 0, en: `The letter is longer than ${BODY_MAX} characters.`, ro: `Scrisoarea are mai mult de ${BODY_MAX} de caractere.` });
    return { blocks: [], problems };
  }
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: { lines: string[]; line: number } | undefined;
  let list: Extract<Block, { t: 'ul' | 'ol' }> | undefined;
  const endParagraph = () => {
    if (paragraph) blocks.push({ t: 'p', c: inline(paragraph.lines.join(' '), paragraph.line, problems) });
    paragraph = undefined;
  };
  const endList = () => {
    if (list) blocks.push(list);
    list = undefined;
  };
  lines.forEach((raw, i) => {
    const line = i + 1;
    const text = raw.trim();
    const scheme = BARE_SCHEME.exec(text);
    if (scheme) {
      const address = short(scheme[0].replace(/\)$/, ''));
      problems.push({ line, en: `Line ${line}: ${LINK_WORDS['not-https']!.en(address)}`, ro: `Rândul ${line}: ${LINK_WORDS['not-https']!.ro(address)}` });
    }
    if (!text) {
      endParagraph();
      endList();
      return;
    }
    const card = CARD.exec(text);
    const heading = HEADING.exec(text);
    const bullet = BULLET.exec(text);
    const numbered = NUMBERED.exec(text);
    if (card) {
      endParagraph();
      endList();
      blocks.push({ t: 'card', kind: card[1] as CardKind, id: card[2]! });
    } else if (heading) {
      endParagraph();
      endList();
      blocks.push({ t: 'h', level: heading[1]!.length as 1 | 2 | 3, c: inline(heading[2]!, line, problems) });
    } else if (bullet || numbered) {
      endParagraph();
      const t = bullet ? 'ul' : 'ol';
      if (list && list.t !== t) endList();
      list ??= t === 'ul' ? { t: 'ul', items: [] } : { t: 'ol', items: [] };
      list.items.push(inline((bullet ?? numbered)![1]!, line, problems));
    } else {
      endList();
      paragraph ??= { lines: [], line };
      paragraph.lines.push(text);
    }
  });
  endParagraph();
  endList();
  if (blocks.filter((b) => b.t === 'card').length > CARDS_MAX) {
    problems.push({ line: 0, en: `A letter holds at most ${CARDS_MAX} cards.`, ro: `O scrisoare are cel mult ${CARDS_MAX} carduri.` });
  }
  return { blocks, problems };
}

/** The cards a body names, in order (a card whose item is gone is a problem the letter's check reports). */
export const cardsOf = (blocks: Block[]) => blocks.filter((b): b is Extract<Block, { t: 'card' }> => b.t === 'card');
