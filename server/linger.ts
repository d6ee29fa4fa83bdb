/**
 * A refusal that arrives (RFC 9112 §9.6, "Tear-down"). An upload refused early (401 before its body, 415 for a GIF
 * sniffed in its first bytes, 413 at its cap) is answered with `Connection: close` while the client is still sending.
 * Node then ends the socket and destroys it as soon as the answer is flushed; the client's bytes still arriving, or
 * still unread in the kernel, make that close a TCP reset, and a reset can reach the client before it has read the
 * answer, which it then never sees: on a busy machine Node's fetch got a socket error instead of the 415 for 3 of 6
 * refused files, and a 100 MB upload EPIPE after 28 MB instead of its 413.
 *
 * So a socket closed with a request's body still coming is closed the way the RFC says: the answer, then a half-close
 * (our FIN: the client reads the answer and the end), then the rest of the body read and thrown away until the client
 * stops sending (its FIN, or the body's end), for at most LINGER.ms in all, LINGER.idleMs without a byte, or
 * LINGER.bytes; only then the socket is destroyed. A request whose body was read whole closes as before.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export const LINGER = {
  /** The longest a refused request's connection stays open after its answer. */
  ms: 10_000,
  /** ... or this long without a byte from the client. */
  idleMs: 2_000,
  /** ... or until this much more of its body has been read and thrown away. */
  bytes: 64 * 1024 * 1024,
};

const current = Symbol('scena.linger.request');
const patched = Symbol('scena.linger.patched');

interface LingeringSocket extends Socket {
  [current]?: IncomingMessage;
  [patched]?: boolean;
  /** Node's HTTP parser while it reads the socket natively; unconsume() gives the reading back to the socket. */
  parser?: { unconsume?: () => void } | null;
}

/** Called for every request, before it is handled: its socket closes by lingering when its body is still coming. */
export function lingerOnClose(request: IncomingMessage): void {
  const socket = request.socket as LingeringSocket;
  socket[current] = request;
  if (socket[patched]) return;
  socket[patched] = true;
  // Node's server calls destroySoon() once the answer of a request with `Connection: close` is written (resOnFinish).
  const destroySoon = socket.destroySoon;
  if (typeof destroySoon !== 'function') return;
  socket.destroySoon = function lingeringDestroySoon(this: LingeringSocket) {
    const req = this[current];
    if (!req || req.complete || this.destroyed || !this.readable) return destroySoon.call(this);
    linger(this, req);
  };
}

function linger(socket: LingeringSocket, request: IncomingMessage) {
  // Our FIN after the answer: the client reads it whole, then sees the end.
  socket.end();
  // The socket is taken from the HTTP parser, which may have stopped reading it (a body a route had started to read and
  // then dropped): from here its bytes are only counted and thrown away, as Node's own upgrade hand-over takes a socket.
  socket.parser?.unconsume?.();
  socket.removeAllListeners('data');
  request.unpipe();
  let read = 0;
  let idle = setTimeout(() => stop(), LINGER.idleMs);
  const total = setTimeout(() => stop(), LINGER.ms);
  const stop = () => {
    clearTimeout(idle);
    clearTimeout(total);
    if (!socket.destroyed) socket.destroy();
  };
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    idle.refresh();
    if (read >= LINGER.bytes) stop();
  });
  socket.once('close', stop);
  // The client's FIN: it stopped sending, nothing is left unread, and the close is a clean one.
  socket.once('end', stop);
  socket.resume();
  idle = idle.unref();
  total.unref();
}
