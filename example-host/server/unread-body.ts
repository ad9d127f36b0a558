/**
 * What happens to a request body the app answered without reading (a 413 from its `Content-Length`, a 401 before the
 * body, a route that needs none): it is read and thrown away, so that the client, which may still be sending it, gets
 * the answer instead of a reset connection. The reading is bounded: after {@link UNREAD_BODY_LIMITS} (time or bytes)
 * the connection is closed, so an anonymous client cannot keep the server reading a body it will never use.
 */
import type { IncomingMessage } from 'node:http';

/** How long and how much of an unread body is read and thrown away before its connection is closed. */
export const UNREAD_BODY_LIMITS = {
  /**
   * The most time after the answer: a client on a loaded machine sent a 1 MiB body in more than the half second Hono's
   * node adapter allows (which closed the connection, and the client saw `ECONNRESET` instead of the 413).
   */
  ms: 15_000,
  /** The most bytes: over the largest body cap (a PDF upload's) with room to spare. */
  bytes: 64 * 1024 * 1024,
} as const;

/** How often the bytes read since the answer are compared with the limit. */
const BYTES_CHECK_MS = 50;

/**
 * Reads and throws away what is left of `request`'s body, within `limits`, and leaves the connection open for the next
 * request; past the limits, or on an error, the connection is closed. Node's HTTP server throws away the body of a
 * request no one started reading (without handing it to anyone), so the bytes are counted on the socket; a body the
 * app started reading (and left for a 413 of its own) loses its readers first, so that nothing holds its chunks.
 */
export function discardUnreadBody(request: IncomingMessage, limits: { ms: number; bytes: number } = UNREAD_BODY_LIMITS): void {
  if (request.readableEnded || request.destroyed) return;
  const socket = request.socket;
  const readBefore = socket.bytesRead;
  const done = () => {
    clearTimeout(timer);
    clearInterval(bytesCheck);
    request.off('end', done);
    request.off('error', close);
  };
  const close = () => {
    done();
    socket.destroy();
  };
  const timer = setTimeout(close, limits.ms);
  timer.unref();
  const bytesCheck = setInterval(() => {
    if (socket.bytesRead - readBefore > limits.bytes) close();
  }, BYTES_CHECK_MS);
  bytesCheck.unref();
  request.once('end', done);
  request.once('error', close);
  request.removeAllListeners('data');
  request.on('data', () => undefined);
  request.resume();
}
