/**
 * An SVG checked before the documents library takes it (docs/decisions/0055-documents.md): it must be well-formed XML,
 * UTF-8, whose root is `<svg>` in the SVG namespace, and hold nothing that runs or fetches when the file is opened:
 * no script, no event attribute (on…), no foreignObject or element of the XHTML namespace, no DOCTYPE (so no entity),
 * no processing instruction but the XML declaration, no address but a `#fragment` of the file itself (href, xlink:href,
 * url(…) in a style, @import), no `javascript:` anywhere. A file that breaks a rule is refused, never cleaned: what
 * is stored is byte for byte what the admin sent, and the refusal says what and where.
 *
 * A small parser of its own (no XML library is a dependency of the server): it reads the XML the SVG exports of
 * Illustrator, Inkscape, Figma and Affinity write, and refuses anything it does not read.
 */

import type { SvgHazard } from '../../src/content/media-problems';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** What is wrong with an SVG: not one (`not-svg`), not well-formed (`broken` at `line`), or a hazard, named by its markup. */
export type SvgProblem = { kind: 'not-svg' } | { kind: 'broken'; line: number } | { kind: 'hazard'; what: SvgHazard; where: string };

export class SvgRefusal extends Error {
  constructor(readonly problem: SvgProblem) {
    super(problem.kind);
  }
}

/** Elements that run, embed or play something, whatever their namespace. */
const RUNNING = new Map<string, SvgHazard>([
  ['script', 'script'],
  ['handler', 'script'],
  ['listener', 'script'],
  ['foreignobject', 'foreign'],
  ['iframe', 'foreign'],
  ['embed', 'foreign'],
  ['object', 'foreign'],
  ['audio', 'foreign'],
  ['video', 'foreign'],
  ['canvas', 'foreign'],
]);
/** Animations that could set an address or a handler (`<set attributeName="href" to="javascript:…">`). */
const ANIMATIONS = new Set(['set', 'animate', 'animatetransform', 'animatemotion', 'animatecolor']);

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.\u00B7\u00C0-\uFFFF]*/y;
const SPACE = /[ \t\r\n]*/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** An address is allowed only as a fragment of the file itself. */
const isFragment = (value: string) => /^#[^\s]*$/.test(value.trim());
/** url(…) to anything but a #fragment, or @import: a style that fetches. */
function fetchingStyle(css: string): string | undefined {
  const unescaped = css.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (_, c: string) => (/^[0-9a-fA-F]/.test(c) ? String.fromCodePoint(parseInt(c, 16)) : c));
  if (/@import/i.test(unescaped)) return '@import';
  for (const match of unescaped.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi)) if (!isFragment(match[2] ?? '')) return `url(${match[2]})`;
  // A url( left open, or an image-set()/image() with a string, would fetch too: refuse what the pattern did not read.
  if (/url\(/i.test(unescaped.replace(/url\(\s*(['"]?)#[^)'"]*\1\s*\)/gi, ''))) return 'url(…)';
  if (/image(-set)?\(/i.test(unescaped) || /expression\(|behavior\s*:|-moz-binding/i.test(unescaped)) return 'image()';
  return undefined;
}
/** `javascript:` with the spaces, tabs and control characters a browser would skip. */
// eslint-disable-next-line no-control-regex -- the control characters are what is removed
const scriptAddress = (value: string) => /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i.test(value.replace(/[\u0000-\u001f]/g, ''));

/** Checks an SVG file's bytes; throws an SvgRefusal naming the first problem. */
export function checkSvg(bytes: Buffer): void {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new SvgRefusal({ kind: 'not-svg' });
  }
  new Parser(text).document();
}

interface Open {
  name: string;
  /** The namespaces in scope: prefix ('' the default) to URI. */
  ns: Map<string, string>;
  local: string;
  uri: string | undefined;
}

class Parser {
  private at = 0;
  private stack: Open[] = [];
  private rootSeen = false;
  private inStyle = false;

  constructor(private readonly text: string) {}

  private line(at = this.at): number {
    let line = 1;
    for (let i = 0; i < at && i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) line++;
    return line;
  }
  private broken(at = this.at): never {
    throw new SvgRefusal({ kind: 'broken', line: this.line(at) });
  }
  private hazard(what: SvgHazard, where: string): never {
    throw new SvgRefusal({ kind: 'hazard', what, where: where.length > 80 ? `${where.slice(0, 79)}…` : where });
  }
  private starts(s: string) {
    return this.text.startsWith(s, this.at);
  }
  private space() {
    SPACE.lastIndex = this.at;
    SPACE.exec(this.text);
    const moved = SPACE.lastIndex > this.at;
    this.at = SPACE.lastIndex;
    return moved;
  }
  private name(): string {
    NAME.lastIndex = this.at;
    const match = NAME.exec(this.text);
    if (!match) this.broken();
    this.at = NAME.lastIndex;
    return match[0];
  }
  /** Character data with its references replaced: only the five predefined entities and numeric references exist here. */
  private decode(raw: string, from: number): string {
    if (raw.includes('<')) this.broken(from);
    return raw.replace(/&([^;&<]*);?/g, (whole, ref: string) => {
      if (!whole.endsWith(';')) this.broken(from);
      const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ref);
      if (numeric) {
        const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
        if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) this.broken(from);
        return String.fromCodePoint(code);
      }
      const known = PREDEFINED[ref];
      // A named entity other than the five would need a DTD, which is refused.
      if (known === undefined) this.hazard('doctype', `&${ref};`);
      return known;
    });
  }

  document() {
    if (this.text.charCodeAt(0) === 0xfeff) this.at = 1;
    if (this.starts('<?xml') && /[\s?]/.test(this.text[this.at + 5] ?? '')) {
      const end = this.text.indexOf('?>', this.at);
      if (end < 0) this.broken();
      const declaration = this.text.slice(this.at, end);
      const encoding = /encoding\s*=\s*["']([^"']*)["']/.exec(declaration)?.[1];
      if (encoding && !/^utf-?8$/i.test(encoding)) throw new SvgRefusal({ kind: 'not-svg' });
      this.at = end + 2;
    }
    for (;;) {
      this.space();
      if (this.at >= this.text.length) break;
      if (!this.starts('<')) {
        if (!this.rootSeen) throw new SvgRefusal({ kind: 'not-svg' });
        this.broken();
      }
      if (this.starts('<!--')) this.comment();
      else if (this.starts('<?')) this.instruction();
      else if (this.starts('<!')) {
        if (/^<!DOCTYPE/i.test(this.text.slice(this.at, this.at + 9))) {
          // An HTML page says <!DOCTYPE html>: not an SVG at all; any other DOCTYPE may declare entities.
          if (!this.rootSeen && /^<!DOCTYPE\s+html[\s>]/i.test(this.text.slice(this.at, this.at + 15))) throw new SvgRefusal({ kind: 'not-svg' });
          this.hazard(
            'doctype',
            this.text
              .slice(this.at, this.at + 40)
              .split('[')[0]!
              .trim(),
          );
        }
        this.broken();
      } else {
        if (this.rootSeen) this.broken();
        this.element();
        this.rootSeen = true;
      }
    }
    if (!this.rootSeen) throw new SvgRefusal({ kind: 'not-svg' });
  }

  private comment() {
    const end = this.text.indexOf('-->', this.at + 4);
    if (end < 0) this.broken();
    this.at = end + 3;
  }

  private instruction() {
    this.at += 2;
    const target = this.name();
    // <?xml-stylesheet href="…"?> fetches a style; no other instruction has any use in a logo.
    this.hazard('instruction', `<?${target} ?>`);
  }

  /** One element, its attributes, and (unless empty) its content up to its end tag, iteratively. */
  private element() {
    const depthAtStart = this.stack.length;
    do {
      this.startTag();
      while (this.stack.length > depthAtStart) {
        const textStart = this.at;
        const next = this.text.indexOf('<', this.at);
        if (next < 0) this.broken(this.text.length);
        const raw = this.text.slice(textStart, next);
        const data = this.decode(raw, textStart);
        if (this.inStyle && data.trim()) this.checkStyle(data);
        this.at = next;
        if (this.starts('</')) this.endTag();
        else if (this.starts('<!--')) this.comment();
        else if (this.starts('<![CDATA[')) {
          const end = this.text.indexOf(']]>', this.at);
          if (end < 0) this.broken();
          const cdata = this.text.slice(this.at + 9, end);
          if (this.inStyle) this.checkStyle(cdata);
          if (scriptAddress(cdata)) this.hazard('script', 'javascript:');
          this.at = end + 3;
        } else if (this.starts('<?')) this.instruction();
        else if (this.starts('<!')) this.hazard('doctype', this.text.slice(this.at, this.at + 20));
        else this.startTag();
      }
    } while (this.stack.length > depthAtStart);
  }

  private checkStyle(css: string) {
    const fetching = fetchingStyle(css);
    if (fetching) this.hazard('style', fetching);
    if (scriptAddress(css)) this.hazard('script', 'javascript:');
  }

  private startTag() {
    const tagStart = this.at;
    this.at++;
    const name = this.name();
    const attributes: { name: string; value: string; at: number }[] = [];
    for (;;) {
      const spaced = this.space();
      if (this.starts('/>') || this.starts('>')) break;
      if (!spaced) this.broken();
      const at = this.at;
      const attr = this.name();
      this.space();
      if (!this.starts('=')) this.broken();
      this.at++;
      this.space();
      const quote = this.text[this.at];
      if (quote !== '"' && quote !== "'") this.broken();
      const end = this.text.indexOf(quote, this.at + 1);
      if (end < 0) this.broken();
      const value = this.decode(this.text.slice(this.at + 1, end), this.at);
      this.at = end + 1;
      if (attributes.some((a) => a.name === attr)) this.broken(at);
      attributes.push({ name: attr, value, at });
    }
    const empty = this.starts('/>');
    this.at += empty ? 2 : 1;

    const parent = this.stack.at(-1);
    const ns = new Map(parent?.ns ?? [['xml', XML_NS]]);
    for (const { name: attr, value } of attributes) {
      if (attr === 'xmlns') ns.set('', value);
      else if (attr.startsWith('xmlns:')) ns.set(attr.slice(6), value);
    }
    const [prefix, local] = name.includes(':') ? [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)] : ['', name];
    if (prefix && !ns.has(prefix)) this.broken(tagStart);
    const uri = ns.get(prefix);
    if (!parent && (local !== 'svg' || uri !== SVG_NS)) throw new SvgRefusal({ kind: 'not-svg' });

    const lower = local.toLowerCase();
    const running = RUNNING.get(lower);
    if (running) this.hazard(running, `<${name}>`);
    if (uri === XHTML_NS) this.hazard('foreign', `<${name}>`);
    for (const { name: attr, value } of attributes) this.checkAttribute(name, lower, attr, value);
    const open: Open = { name, ns, local, uri };
    if (!empty) {
      this.stack.push(open);
      this.inStyle = lower === 'style';
    }
  }

  private checkAttribute(element: string, lowerElement: string, attr: string, value: string) {
    const local = (attr.includes(':') ? attr.slice(attr.indexOf(':') + 1) : attr).toLowerCase();
    if (attr === 'xmlns' || attr.startsWith('xmlns:')) {
      if (value === XHTML_NS) this.hazard('foreign', `${attr}="${value}"`);
      return;
    }
    if (local.startsWith('on')) this.hazard('handler', `${attr}="…"`);
    if (scriptAddress(value)) this.hazard('script', `${attr}="javascript:…"`);
    if (local === 'href' || local === 'src' || local === 'base') {
      if (!isFragment(value)) this.hazard('link', `<${element} ${attr}="${value.length > 40 ? `${value.slice(0, 39)}…` : value}">`);
    }
    if (local === 'style') {
      const fetching = fetchingStyle(value);
      if (fetching) this.hazard('style', fetching);
    } else if (/url\(/i.test(value)) {
      // A presentation attribute (fill, filter, mask, clip-path, marker-*): a url() to a #fragment only.
      const fetching = fetchingStyle(value);
      if (fetching) this.hazard('link', `${attr}="${fetching}"`);
    }
    if (ANIMATIONS.has(lowerElement) && local === 'attributename') {
      const target = value.trim().toLowerCase();
      const targetLocal = target.includes(':') ? target.slice(target.indexOf(':') + 1) : target;
      if (targetLocal === 'href' || targetLocal.startsWith('on')) this.hazard('script', `<${element} attributeName="${value}">`);
    }
  }

  private endTag() {
    const at = this.at;
    this.at += 2;
    const name = this.name();
    this.space();
    if (!this.starts('>')) this.broken();
    this.at++;
    const open = this.stack.pop();
    if (!open || open.name !== name) this.broken(at);
    this.inStyle = false;
  }
}
