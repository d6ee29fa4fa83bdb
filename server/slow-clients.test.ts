/**
 * Clients that trickle their headers (slowloris), against a real listening server on 127.0.0.1:
 * they are dropped after the header time-out, and the page answers while hundreds are open.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from './app';
import { testApp, type TestApp } from './test/helpers';

let t: TestApp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await t?.close();
  t = undefined;
});

/** Node keeps the checking interval in a timer under this symbol; there is no public getter. */
function checkingInterval(server: object): number | undefined {
  const symbol = Object.getOwnPropertySymbols(server).find((s) => s.description === 'http.server.connectionsCheckingInterval');
  return symbol ? (server as Record<symbol, { _idleTimeout?: number }>)[symbol]?._idleTimeout : undefined;
}

describe('slow clients', () => {
  it('get 20 s to send their headers by default, checked every second', async () => {
    expect(SERVER_TIMEOUTS.headersTimeout).toBe(20_000);
    t = await testApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const server = t.app.server;
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);
    expect(server.requestTimeout).toBeGreaterThanOrEqual(server.headersTimeout);
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(checkingInterval(server)).toBe(1_000);
  });

  it('are dropped after the header time-out, and the page answers with 300 of them open', async () => {
    const timeouts = { headersTimeout: 1_000, requestTimeout: 2_000, keepAliveTimeout: 1_000, connectionsCheckingInterval: 100 };
    t = await testApp({}, { build: { timeouts } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const closed: Promise<number>[] = [];
    const opened = Date.now();
    for (let i = 0; i < 300; i++) {
      const socket = connect({ port, host: '127.0.0.1' });
      sockets.push(socket);
      socket.on('error', () => {});
      // Reads (and drops) what the server sends, so the server's end of the connection is seen.
      socket.resume();
      closed.push(new Promise((resolve) => socket.once('close', () => resolve(Date.now() - opened))));
      // Half send a request line and then one header line every 200 ms; half send nothing at all.
      if (i % 2 === 0) {
        socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
        const drip = setInterval(() => (socket.writable ? socket.write(`X-Drip-${Date.now()}: 1\r\n`) : clearInterval(drip)), 200);
        socket.once('close', () => clearInterval(drip));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const page = await fetch(`http://127.0.0.1:${port}/en/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>');
    expect(Date.now() - started).toBeLessThan(2_000);
    const times = await Promise.race([
      Promise.all(closed),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`slow clients still connected after 5 s: ${sockets.filter((s) => !s.destroyed).length}`)), 5_000),
      ),
    ]);
    // Dropped by the header time-out (1 s, checked every 0.1 s), not earlier.
    expect(Math.min(...times)).toBeGreaterThanOrEqual(900);
    expect(Math.max(...times)).toBeLessThan(3_500);
    const open = await new Promise<number>((resolve, reject) => t!.app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));
    expect(open).toBeLessThanOrEqual(1); // fetch's own keep-alive connection, at most
  }, 20_000);
});
