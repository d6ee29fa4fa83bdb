/**
 * Fastify encapsulates each registered plugin: what it decorates or hooks stays inside it. The
 * services and the HTTP rules are meant for every route, so their plugins opt out, with the flag
 * fastify-plugin sets (Fastify's documented `skip-override` symbol), without adding that package.
 */
import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

export function shared<Options extends FastifyPluginOptions>(name: string, plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: name });
  return plugin;
}
