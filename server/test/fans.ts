/**
 * Test helpers of the artist's own list (issue 28): `signUpAndConfirm`, which takes an address through the real endpoints (the form's token, the
 * sign-up, the confirmation mail, its link's page, its button) so a letters test starts from a confirmed subscriber.
 */
import type { FastifyInstance } from 'fastify';
import type { Sink, SinkMessage } from './smtp';
import { until } from './until';
import { FANS_MIN_FILL_MS } from '../../src/content/fans';

/** The confirm link in a confirmation mail (its text part). */
export const confirmLinkOf = (message: SinkMessage) => /https?:\/\/\S+\/fans\/confirm\/[0-9]+\.[A-Za-z0-9_-]{22}/.exec(message.parsed.text ?? '')?.[0];

/**
 * Signs `email` up in `lang` through the real endpoints and confirms it from the mail `sink` receives (the form's
 * token is issued directly, dated the form's minimum fill time ago: nothing waits).
 */
export async function signUpAndConfirm(app: FastifyInstance, sink: Sink, email: string, lang: 'en' | 'ro' = 'en') {
  const before = sink.to(email).length;
  // The page's token, as issued when the field got focus, the form's minimum fill time ago (on the server's fans clock).
  const token = await app.services.fans.formTokens.issue(app.services.fans.now() - FANS_MIN_FILL_MS);
  const res = await app.inject({ method: 'POST', url: '/api/fans', payload: { email, lang, token } });
  if (res.statusCode !== 201) throw new Error(`sign-up refused: ${res.statusCode} ${res.body}`);
  await until(() => sink.to(email).length > before);
  const url = new URL(confirmLinkOf(sink.to(email).at(-1)!)!);
  const page = await app.inject({ url: url.pathname });
  if (page.statusCode !== 200) throw new Error(`confirm page: ${page.statusCode}`);
  const done = await app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  if (done.statusCode !== 200) throw new Error(`confirm: ${done.statusCode}`);
  return { confirmUrl: url.href };
}
