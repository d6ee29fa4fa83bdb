/**
 * Scena's server for bench/audience.ts: server/index.ts's app with the audience's limits out of the
 * way (one loopback client would otherwise meet its own limit of 60 events, and the bench would measure
 * the 429), everything else as in production (page cache, fast path, logging at LOG_LEVEL).
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

process.env.NODE_ENV ??= 'production';
const unlimited = { burst: 1e9, perSecond: 1e9 };
const app = await buildApp(loadConfig(), { audience: { limits: { perAddress: unlimited, overall: unlimited, perDay: 1e9, maxAddresses: 50_000 } } });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
