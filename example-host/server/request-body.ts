/**
 * A request's raw body (a PDF upload's or a file upload's multipart body), read chunk by chunk into one buffer with a
 * turn of the event loop every {@link BYTE_PART_SIZE}, and refused as soon as it is known to pass its limit: from its
 * `Content-Length` before a byte is read, or while reading a body without one. Each chunk is copied once; the buffer is
 * not zero-filled (db/byte-parts.ts `unfilledBytes`), so neither reading nor allocating 10 MiB holds the server's thread.
 */
import { BYTE_PART_SIZE, turnPerPart, unfilledBytes } from './db/byte-parts';

/** What a body read is allowed and how it is refused. */
export interface RequestBodyLimits {
  /** The most bytes the body may have. */
  maxBytes: number;
  /** The error for a body over `maxBytes` (a 413 of the route's own words). */
  tooLarge: () => Error;
  /** The error for a body that could not be read: the client went away or sent a broken body (a 400). */
  unreadable: () => Error;
}

/** The name of the error Hono's body limit throws into the stream of a body without a length that grows past it. */
const BODY_LIMIT_ERROR = 'BodyLimitError';

/**
 * The body of `request`, at most `limits.maxBytes` bytes. An empty or missing body is an empty array: whether that is
 * allowed is the route's rule.
 */
export async function readRequestBody(request: Request, limits: RequestBodyLimits): Promise<Uint8Array> {
  const length = Number(request.headers.get('content-length') ?? 'NaN');
  const known = Number.isFinite(length) && length >= 0;
  if (known && length > limits.maxBytes) throw limits.tooLarge();
  const stream = request.body;
  if (!stream) return new Uint8Array();
  let buffer = unfilledBytes(known ? length : BYTE_PART_SIZE);
  let size = 0;
  const copied = turnPerPart();
  const reader = stream.getReader();
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      // The app's body limit stops a body without a length that grows past it; its middleware answers 413.
      if (error instanceof Error && error.name === BODY_LIMIT_ERROR) throw error;
      throw limits.unreadable();
    }
    const { done, value } = next;
    if (done) break;
    // Not cancelled: cancelling the request's stream would close the connection before the 413 is sent.
    if (size + value.byteLength > limits.maxBytes) throw limits.tooLarge();
    if (size + value.byteLength > buffer.byteLength) {
      const grown = unfilledBytes(Math.min(limits.maxBytes, Math.max(buffer.byteLength * 2, size + value.byteLength)));
      grown.set(buffer.subarray(0, size));
      buffer = grown;
    }
    buffer.set(value, size);
    size += value.byteLength;
    await copied(value.byteLength);
  }
  return size === buffer.byteLength ? buffer : buffer.subarray(0, size);
}
