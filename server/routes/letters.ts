/**
 * The admin's Letters (docs/decisions/0035-fans-by-email.md, Letters), under /api/admin behind its guard:
 *   GET    /letters                 { letters, confirmed, mail: { configured, pausedUntil } }
 *   POST   /letters                 a new draft { subject_en, subject_ro, body_en, body_ro } → 201 { letter, problems }
 *   GET    /letters/:id             { letter, problems }
 *   PUT    /letters/:id             its words (a draft or a scheduled letter) → { letter, problems }
 *   DELETE /letters/:id             a draft or a cancelled letter
 *   GET    /letters/:id/preview?lang=en|ro   the mail's HTML as a subscriber gets it (framed by the admin page only)
 *   POST   /letters/:id/test        both languages to the admin's own address, now: { ok, to[, error] } (the mail server's words)
 *   POST   /letters/:id/send        { now: true, people } or { at: 'YYYY-MM-DDTHH:mm' } (the artist's clock)
 *   POST   /letters/:id/unschedule, /letters/:id/cancel
 * A letter with problems (a `javascript:` link, a card naming nothing, an empty subject) is kept as a draft but never
 * sent: test, send and schedule refuse it (`letter-problems`), each problem under its field in both languages.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RELEASE_ZONE } from '../../src/content/release-cycle';
import { zonedInstant } from '../../src/content/zoned-time';
import { parseBody, refusal } from '../errors';
import { BODY_MAX } from '../fans/letter-format';
import { renderLetter, personalise } from '../fans/letter-render';
import { LetterStateError, problemsOf, SUBJECT_MAX, type LetterInput } from '../fans/letters';
import { FAN_PATHS } from '../fans/tokens';
import { siteConfig } from '../../site.config';

export const LetterBody = z
  .object({
    subject_en: z.string().max(SUBJECT_MAX, { error: `must be at most ${SUBJECT_MAX} characters` }),
    subject_ro: z.string().max(SUBJECT_MAX, { error: `must be at most ${SUBJECT_MAX} characters` }),
    body_en: z.string().max(BODY_MAX, { error: `must be at most ${BODY_MAX} characters` }),
    body_ro: z.string().max(BODY_MAX, { error: `must be at most ${BODY_MAX} characters` }),
  })
  .strict();

export const SendBody = z.union([
  z.object({ now: z.literal(true), people: z.number().int().min(0) }).strict(),
  z.object({ at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'must be a date and time YYYY-MM-DDTHH:mm' }) }).strict(),
]);

export const LETTER_ID = /^[0-9a-f]{12}$/;

/** The letter preview's own rules: nothing runs, nothing loads but https images, and only the admin page may frame it. */
const PREVIEW_CSP = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

export async function letterAdminRoutes(app: FastifyInstance) {
  const sender = app.services.letters;
  const { store } = sender;
  const { content, config } = app.services;

  const idOf = (params: unknown) => {
    const id = (params as { id?: string }).id ?? '';
    if (!LETTER_ID.test(id)) throw refusal('not-found', { message: 'No letter has this id', field: 'id' });
    return id;
  };
  const problems = async (input: LetterInput) =>
    (await problemsOf(input, await content.snapshot())).flatMap(({ field, problems }) => problems.map((p) => ({ field, ...p })));
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof LetterStateError) {
        throw error.status === undefined ? refusal('not-found', { message: 'No letter has this id', field: 'id' }) : refusal('letter-state');
      }
      throw error;
    }
  };
  const withProblems = async (id: string) => {
    const letter = await store.get(id);
    if (!letter) throw refusal('not-found', { message: 'No letter has this id', field: 'id' });
    return { letter, problems: await problems(letter) };
  };
  /** Refuses a letter that cannot go out as it is. */
  const sendable = async (id: string) => {
    const found = await withProblems(id);
    if (found.problems.length) {
      throw refusal('letter-problems', {
        field: found.problems[0]!.field,
        problems: found.problems.map((p) => ({ field: p.field, message: p.en })),
      });
    }
    return found.letter;
  };

  app.get('/letters', async () => ({
    letters: await store.list(),
    confirmed: await store.confirmedCount(),
    mail: { configured: sender.configured, pausedUntil: sender.pausedUntil() ? new Date(sender.pausedUntil()).toISOString() : '' },
  }));

  app.post('/letters', async (request, reply) => {
    const input = parseBody(LetterBody, request.body);
    const letter = await store.create(input);
    return reply.code(201).send({ letter, problems: await problems(letter) });
  });

  app.get('/letters/:id', async (request) => withProblems(idOf(request.params)));

  app.put('/letters/:id', async (request) => {
    const id = idOf(request.params);
    const input = parseBody(LetterBody, request.body);
    await guarded(() => store.update(id, input));
    return withProblems(id);
  });

  app.delete('/letters/:id', async (request) => {
    const id = idOf(request.params);
    await guarded(() => store.remove(id));
    return { ok: true };
  });

  app.get('/letters/:id/preview', async (request, reply) => {
    const id = idOf(request.params);
    const lang = (request.query as { lang?: string }).lang === 'ro' ? 'ro' : 'en';
    const letter = await store.get(id);
    if (!letter) throw refusal('not-found', { message: 'No letter has this id', field: 'id' });
    const rendered = renderLetter({ id, subject: letter[`subject_${lang}`], body: letter[`body_${lang}`] }, lang, await content.snapshot());
    const { html } = personalise(rendered, new URL(FAN_PATHS.unsubscribe('preview'), siteConfig.siteUrl).href);
    return reply
      .header('content-security-policy', PREVIEW_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.post('/letters/:id/test', async (request) => {
    const id = idOf(request.params);
    await sendable(id);
    if (!sender.configured) throw refusal('mail-not-set-up');
    try {
      await sender.sendTest(id, config.adminEmail);
    } catch (error) {
      // Not a refusal of the request: the mail server's answer, shown as it is (the admin may try again).
      return { ok: false, to: config.adminEmail, error: String((error as Error).message).slice(0, 300) };
    }
    return { ok: true, to: config.adminEmail };
  });

  app.post('/letters/:id/send', async (request) => {
    const id = idOf(request.params);
    const body = parseBody(SendBody, request.body);
    await sendable(id);
    if (!sender.configured) throw refusal('mail-not-set-up');
    if ('now' in body) {
      const queued = await guarded(() => store.queue(id));
      void sender.kick();
      return { letter: await store.get(id), queued };
    }
    const at = zonedInstant(body.at, RELEASE_ZONE);
    if (at === undefined) throw refusal('invalid', { message: `at is not a time that exists on the artist's clock (${RELEASE_ZONE})`, field: 'at' });
    if (at <= Date.now()) throw refusal('invalid', { message: 'at must be in the future', field: 'at' });
    return { letter: await guarded(() => store.schedule(id, at)) };
  });

  app.post('/letters/:id/unschedule', async (request) => {
    const id = idOf(request.params);
    return { letter: await guarded(() => store.unschedule(id)) };
  });

  app.post('/letters/:id/cancel', async (request) => {
    const id = idOf(request.params);
    return { letter: await guarded(() => store.cancel(id)) };
  });
}
