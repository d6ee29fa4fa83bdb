/**
 * Scena's server for bench/audience.ts: server/index.ts's app with the audience's limits out of the
 * way (one loopback client would otherwise meet its own limit of 60 events, and the bench would measure
 * the 429), everything else as in production (page cache, fast path, logging at LOG_LEVEL).
 */
// Before React loads (server/app imports the no-JS pages' renderer): its production builds, as server/index.ts does.
// Imported statically, React's development JSX runtime met the production renderer, and every page was a 500.
process.env.NODE_ENV ??= 'production';
const { buildApp } = await import('../server/app');
const { loadConfig } = await import('../server/config');
const unlimited = { burst: 1e9, perSecond: 1e9 };
const app = await buildApp(loadConfig(), { audience: { limits: { perAddress: unlimited, overall: unlimited, perDay: 1e9, maxAddresses: 50_000 } } });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

export {};
