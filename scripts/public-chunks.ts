/**
 * What the public page can ever run, read from the built site, and what must never be in it.
 * The walk starts at the public pages' module scripts and follows every static `import`, every
 * `import()` and Vite's preload lists, recursively, whatever branch the code takes at run time: so a
 * backend chosen at run time (server or none) is covered by the one build. Used by the build guard
 * (scripts/public-chunks.test.ts) and by the bench (bench/public-js.ts), so the two cannot disagree.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { adminEmailFallback } from '../site.config';

/** The pages a visitor can land on without the admin: the prerendered languages and the not-found page. */
const PUBLIC_PAGES = ['index.html', 'en/index.html', 'ro/index.html', '404.html'];

export interface ForbiddenRule {
  name: string;
  pattern: RegExp;
}

/**
 * Admin code, by what it must contain to work: its API paths, sign-in, a password field, the admin's
 * address; and the Firebase SDK (the public page reads Firestore's REST API without it).
 * `password:` is a field only with a value: React DOM's table of input types has `password:!0`.
 */
export function forbiddenRules(adminEmails: string[] = adminAddresses()): ForbiddenRule[] {
  const rules: ForbiddenRule[] = [
    { name: 'admin API path', pattern: /\/api\/admin\b/ },
    { name: 'session API path (sign-in)', pattern: /\/api\/session\b/ },
    { name: 'sign-in call', pattern: /\bsignIn(?:With\w*)?\b/ },
    { name: 'password field', pattern: /\bpassword["'`]?\s*:\s*(?!!0|!1)|(?:current|new)-password/ },
    { name: 'admin page text', pattern: /Admin Login/ },
    { name: 'Firebase SDK', pattern: /@firebase\/|FirebaseError|firebase-js-sdk|\binitializeApp\b/ },
    // The admin's QR codes (src/admin/qr, issue 31): the `qrcode` library, by its own refusal of a text too long.
    { name: 'QR code library', pattern: /too big to be stored in a QR Code/ },
  ];
  for (const email of new Set(adminEmails.map((e) => e.trim().toLowerCase()).filter(Boolean)))
    rules.push({ name: `admin address ${email}`, pattern: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') });
  return rules;
}

/** The admin's addresses a build can contain: site.config's fallback and this environment's VITE_ADMIN_EMAIL. */
export function adminAddresses(env: Record<string, string | undefined> = process.env): string[] {
  return [adminEmailFallback, env.VITE_ADMIN_EMAIL ?? ''].filter((e) => e.trim() !== '');
}

export interface ForbiddenHit {
  /** The file, relative to the site's root. */
  file: string;
  rule: string;
  /** The match with up to 50 characters either side. */
  context: string;
}

/** Every match of every rule in a text (at most `limit` per rule). */
export function findForbidden(text: string, file: string, rules: ForbiddenRule[], limit = 3): ForbiddenHit[] {
  const hits: ForbiddenHit[] = [];
  for (const rule of rules) {
    const global = new RegExp(rule.pattern.source, rule.pattern.flags.includes('g') ? rule.pattern.flags : `${rule.pattern.flags}g`);
    let count = 0;
    for (const match of text.matchAll(global)) {
      const start = Math.max(0, match.index - 50);
      hits.push({ file, rule: rule.name, context: text.slice(start, match.index + match[0].length + 50).replace(/\s+/g, ' ') });
      if (++count >= limit) break;
    }
  }
  return hits;
}

/** The module scripts (and module preloads) an HTML page starts. */
export function pageScripts(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    if (!/\btype=["']?module\b/i.test(tag)) continue;
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (src) urls.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?modulepreload\b/i.test(tag)) continue;
    const href = /\bhref=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (href) urls.push(href);
  }
  return urls;
}

export interface ChunkImports {
  /** Specifiers relative to the chunk (`./x.js`) or absolute from the site's root (`/assets/x.js`). */
  relative: string[];
  /** Vite's preload lists (`__vite__mapDeps`): paths from the site's root without the slash (`assets/x.js`). */
  fromRoot: string[];
  /** `import(expression)`: a target the walk cannot know, reported as a problem. */
  unresolved: string[];
}

const QUOTED = String.raw`(["'\x60])([^"'\x60]+)\1`;

/** The imports of a built chunk: static, dynamic, and Vite's preload lists. */
export function chunkImports(js: string): ChunkImports {
  const relative = new Set<string>();
  const fromRoot = new Set<string>();
  const unresolved: string[] = [];
  // import x from"./a.js"; import{a}from"./a.js"; import"./a.js"; export{a}from"./a.js"; export*from"./a.js"
  for (const m of js.matchAll(
    new RegExp(String.raw`(?:^|[;\s}])(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[^}]*\}\s*)?(?:from\s*)?${QUOTED}`, 'g'),
  ))
    relative.add(m[2]!);
  for (const m of js.matchAll(/\bimport\s*\(\s*([^)]*?)\s*\)/g)) {
    const literal = new RegExp(`^${QUOTED}$`).exec(m[1]!);
    if (literal) relative.add(literal[2]!);
    else unresolved.push(m[0]);
  }
  for (const m of js.matchAll(/__vite__mapDeps\s*=[^;]*?\[([^\]]*)\]/g)) for (const dep of m[1]!.matchAll(new RegExp(QUOTED, 'g'))) fromRoot.add(dep[2]!);
  return { relative: [...relative], fromRoot: [...fromRoot], unresolved };
}

export interface PublicWalk {
  /** The pages the walk started from (relative to the root). */
  pages: string[];
  /** Every JavaScript file reachable from them (relative to the root), in the order found. */
  chunks: string[];
  /** What the walk could not follow: a missing file, or `import(expression)`. */
  problems: string[];
}

/** Every chunk reachable from the public pages of a built site (`dist/client` or the like). */
export function walkPublicChunks(root: string, pages: string[] = PUBLIC_PAGES): PublicWalk {
  const base = normalize(root);
  const inside = (file: string) => {
    const path = normalize(file);
    return path.startsWith(`${base}/`) ? path : undefined;
  };
  const found = pages.filter((page) => existsSync(join(base, page)));
  const chunks: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const queue: { file: string; from: string }[] = [];
  const add = (file: string | undefined, from: string, specifier: string) => {
    if (!file) {
      problems.push(`${from}: ${specifier} is outside the site`);
      return;
    }
    if (!/\.m?js$/.test(file) || seen.has(file)) return;
    seen.add(file);
    queue.push({ file, from });
  };
  for (const page of found) {
    for (const src of pageScripts(readFileSync(join(base, page), 'utf8'))) {
      if (/^[a-z]+:|^\/\//i.test(src)) continue; // a third party's script is not ours to walk
      add(inside(join(base, src.startsWith('/') ? src : join(dirname(page), src))), page, src);
    }
  }
  while (queue.length) {
    const { file, from } = queue.shift()!;
    const name = relative(base, file);
    if (!existsSync(file)) {
      problems.push(`${from}: ${name} does not exist`);
      continue;
    }
    chunks.push(name);
    const imports = chunkImports(readFileSync(file, 'utf8'));
    for (const spec of imports.relative) {
      if (/^[a-z]+:|^\/\//i.test(spec)) {
        problems.push(`${name}: imports ${spec} from another origin`);
        continue;
      }
      add(inside(spec.startsWith('/') ? join(base, spec) : join(dirname(file), spec)), name, spec);
    }
    for (const dep of imports.fromRoot) add(inside(join(base, dep)), name, dep);
    for (const expression of imports.unresolved) problems.push(`${name}: cannot follow ${expression}`);
  }
  return { pages: found, chunks, problems };
}

/** The walk, and every forbidden match in the pages and the chunks it reached. */
export function scanPublicSite(root: string, rules: ForbiddenRule[] = forbiddenRules(), pages: string[] = PUBLIC_PAGES) {
  const walk = walkPublicChunks(root, pages);
  const hits = [...walk.pages, ...walk.chunks].flatMap((file) => findForbidden(readFileSync(join(root, file), 'utf8'), file, rules));
  return { ...walk, hits };
}
