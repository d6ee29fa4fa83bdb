/**
 * The letters' small safe format and its rendering: HTML typed in a letter arrives as text, never as code; only
 * https:// links become links (javascript:, data:, http: are refused on their line, in both languages); the mail
 * has no script, stylesheet or outside image, links to the site carry src=letter-<id>, and the plain-text part says
 * the same.
 */
import { describe, expect, it } from 'vitest';
import { parseBody } from './letter-format';
import { personalise, renderLetter, trackedHref } from './letter-render';

const CONTENT = { releases: [], shows: [], services: [], media: [] } as never;

describe('the format', () => {
  it('reads paragraphs, headings, lists, bold, italic and links', () => {
    const { blocks, problems } = parseBody(
      '# Title\n\nOne **bold** and *italic* and _also_.\nSame paragraph: https://tudorvale.ro/en/.\n\n- a\n- [b](https://example.com/b)\n\n1. one\n2. two',
    );
    expect(problems).toEqual([]);
    expect(blocks.map((b) => b.t)).toEqual(['h', 'p', 'ul', 'ol']);
    expect(blocks[1]).toMatchObject({
      c: expect.arrayContaining([
        { t: 'b', c: [{ t: 'text', v: 'bold' }] },
        { t: 'a', href: 'https://tudorvale.ro/en/', c: expect.anything() },
      ]),
    });
  });

  it.each([
    ['[x](javascript:alert(1))', 'javascript:alert(1)'],
    ['[x](JavaScript:alert(1))', 'JavaScript:alert(1)'],
    ['look: data:text/html;base64,PHNjcmlwdD4=', 'data:text/html;base64,PHNjcmlwdD4='],
    ['[x](http://example.com/)', 'http://example.com/'],
  ])('refuses %s on its line, in both languages', (line, address) => {
    const { problems, blocks } = parseBody(`Hello\n\n${line}`);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.line).toBe(3);
    expect(problems[0]!.en).toContain(`“${address}”`);
    expect(problems[0]!.ro).toContain(`„${address}”`);
    expect(JSON.stringify(blocks)).not.toMatch(/"t":"a"/);
  });
});

describe('the mail', () => {
  const letter = {
    id: '0a1b2c3d4e5f',
    subject: 'Hi <b>',
    body: 'Hello <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[site](https://tudorvale.ro/en/music/x/?a=1) [elsewhere](https://example.com/)',
  };
  const mail = personalise(renderLetter(letter, 'en', CONTENT), 'https://tudorvale.ro/fans/unsubscribe/1.abc');

  it('carries what was typed as text, never as code, and nothing from elsewhere', () => {
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('<title>Hi &lt;b&gt;</title>');
    expect(mail.html).not.toMatch(/<(script|img|link|style|iframe|object)\b/i);
    expect(mail.html).not.toMatch(/<[^>]*\son[a-z]+=/i);
    expect(mail.text).toContain('Hello <script>alert(1)</script>');
  });

  it('credits the site’s links to the letter, leaves other links alone, and says why and how to leave', () => {
    expect(mail.html).toContain('href="https://tudorvale.ro/en/music/x/?a=1&amp;src=letter-0a1b2c3d4e5f"');
    expect(mail.html).toContain('href="https://example.com/"');
    expect(mail.text).toContain('site (https://tudorvale.ro/en/music/x/?a=1&src=letter-0a1b2c3d4e5f)');
    expect(mail.html).toContain('href="https://tudorvale.ro/fans/unsubscribe/1.abc"');
    expect(mail.text).toContain('Unsubscribe: https://tudorvale.ro/fans/unsubscribe/1.abc');
    expect(trackedHref('https://www.tudorvale.ro/', 'x', 'https://tudorvale.ro')).toBe('https://www.tudorvale.ro/');
    const ro = renderLetter({ ...letter, subject: 'Salut' }, 'ro', CONTENT);
    expect(ro.text).toContain('Primești acest mesaj pentru că te-ai abonat la scrisorile lui Tudor Vale pe tudorvale.ro.');
    expect(ro.html).toContain('<html lang="ro">');
  });
});
