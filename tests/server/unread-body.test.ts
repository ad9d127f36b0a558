// @vitest-environment node
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardUnreadBody } from '../../example-host/server/unread-body';

/** The limits of a request: 400 ms and 64 KiB, or (header `x-long`) a minute, to see the bytes' limit alone. */
const limitsOf = (long: boolean) => ({ ms: long ? 60_000 : 400, bytes: 64 * 1024 });
let server: Server;
let url: string;

beforeAll(async () => {
  // Answers at once, without reading the body, as a 413 from the length does.
  server = createServer((req, res) => {
    res.once('finish', () => discardUnreadBody(req, limitsOf(req.headers['x-long'] === '1')));
    res.writeHead(413, { 'content-type': 'text/plain' }).end('too large');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * Sends `parts` chunks of `partBytes` each, `gapMs` apart, declaring `declared` bytes, on a kept-alive connection (a
 * connection the client asks to close is closed by Node after any answer); says whether the server closed it before
 * the whole body was sent.
 */
function send(declared: number, parts: number, partBytes: number, gapMs: number, long = false) {
  const agent = new Agent({ keepAlive: true });
  return new Promise<{ status: number; closedUnderUs: boolean }>((resolve) => {
    let status = 0;
    let sentAll = false;
    const req = request(url, { method: 'POST', headers: { 'content-length': String(declared), ...(long ? { 'x-long': '1' } : {}) }, agent });
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.resume();
    });
    req.on('error', () => undefined);
    req.on('close', () => {
      agent.destroy();
      resolve({ status, closedUnderUs: !sentAll });
    });
    void (async () => {
      for (let i = 0; i < parts && !req.destroyed; i++) {
        req.write(Buffer.alloc(partBytes, 120));
        await new Promise((wait) => setTimeout(wait, gapMs));
      }
      if (req.destroyed) return;
      req.end(() => {
        sentAll = true;
      });
    })();
  });
}

describe('discardUnreadBody', () => {
  it('reads the rest of a body within its limits, so the client finishes sending', async () => {
    expect(await send(8 * 1024, 4, 2 * 1024, 50)).toEqual({ status: 413, closedUnderUs: false });
  });

  it('closes the connection once the body goes on past its time', async () => {
    const outcome = await send(32 * 1024, 16, 2 * 1024, 100);
    expect(outcome).toEqual({ status: 413, closedUnderUs: true });
  });

  it('closes the connection once the body goes on past its bytes', async () => {
    const outcome = await send(4 * 1024 * 1024, 256, 16 * 1024, 1, true);
    expect(outcome).toEqual({ status: 413, closedUnderUs: true });
  });
});
