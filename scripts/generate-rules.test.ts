/**
 * firebase/firestore.rules holds the validation functions the content declarations generate
 * (scripts/generate-rules.ts): a declaration changed without regenerating, or a generated line edited by
 * hand, fails here, before any deploy. What the rules accept is tested on the emulator (firebase/rules.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { link, list, text, type Kind } from '../src/content/fields/declare';
import { GENERATED_BEGIN, GENERATED_END, generateRules, withGeneratedRules } from '../src/content/fields/rules';
import { KINDS, releases, settings } from '../src/content/kinds';
import { RULES_FILE, expectedRules } from './generate-rules';

const committed = readFileSync(RULES_FILE, 'utf8');

describe('the committed Firestore rules', () => {
  it('are what the content declarations generate (else run: npx tsx scripts/generate-rules.ts)', () => {
    // Compared line by line, so a failure shows the lines that drifted.
    expect(committed.split('\n')).toEqual(expectedRules(committed).split('\n'));
  });

  it('have a validation function for every kind, and every stored field in it', () => {
    for (const kind of KINDS) {
      const name = kind.shape === 'list' ? kind.item : kind.name;
      expect(committed).toContain(`function is${name[0]!.toUpperCase()}${name.slice(1)}(d) {`);
    }
    for (const key of ['heroTitle_en', 'heroTitle_ro', 'bio3_ro', 'email', 'links']) expect(committed).toContain(`'${key}'`);
  });

  it('keep the hand-written parts outside the markers as they are', () => {
    const outside = (rules: string) => [rules.slice(0, rules.indexOf(GENERATED_BEGIN)), rules.slice(rules.indexOf(GENERATED_END))];
    const changed = withGeneratedRules(committed, `${GENERATED_BEGIN}\n    function isNothing() { return false; }\n${GENERATED_END}`);
    expect(outside(changed)).toEqual(outside(committed));
    expect(committed.slice(0, committed.indexOf(GENERATED_BEGIN))).toContain('function isAdmin()');
    expect(committed.slice(committed.indexOf(GENERATED_END))).toContain('match /history/{key}');
    // Each kind's match block is generated with its checks, never copied by hand.
    expect(committed.slice(committed.indexOf(GENERATED_BEGIN), committed.indexOf(GENERATED_END))).toContain('match /settings/main');
  });

  it('would differ after a change to a declaration: a limit, a field or a language', () => {
    const longerTitles = { ...releases, fields: { ...releases.fields, title: text({ max: 201 }) } } as Kind;
    const withTagline = { ...settings, fields: { ...settings.fields, sampleTagline: text({ max: 160, perLanguage: true }) } } as Kind;
    for (const changed of [longerTitles, withTagline]) {
      const kinds = KINDS.map((k) => (k.name === changed.name ? changed : k));
      expect(withGeneratedRules(committed, generateRules(kinds))).not.toBe(committed);
    }
    const tagline = generateRules([withTagline]);
    expect(tagline).toContain("isPlainText(d.get('sampleTagline_en', ''), 160)");
    expect(tagline).toContain("isPlainText(d.get('sampleTagline_ro', ''), 160)");
  });

  it('restrict a link to its declared hosts when the declaration names them', () => {
    const kind = list({ name: 'videos', item: 'video', max: 10, fields: { url: link({ hosts: ['www.youtube.com', 'youtu.be'] }) } });
    expect(generateRules([kind])).toContain(
      "(isLink(d.url) && (d.url == '' || d.url.matches('(?i)^https://(www[.]youtube[.]com|youtu[.]be)(:[0-9]+)?([/?#].*)?$')))",
    );
  });
});
