/**
 * Large byte values (PDF templates, documents for signature, sealed PDFs) stored in parts of at most
 * {@link BYTE_PART_SIZE}, one statement per part with a turn of the event loop between. An embedded database (PGlite)
 * runs on the server's thread and answers a statement without giving the event loop a turn: one statement of 10 MiB,
 * or a loop of statements without a turn, holds every other request for as long as it takes.
 */

/** The most bytes written or read in one statement: a part holds an embedded database for a few milliseconds. */
export const BYTE_PART_SIZE = 256 * 1024;

/**
 * A turn of the event loop, so other requests are answered between two steps of long work: it resolves only after the
 * loop has polled for I/O. One `setImmediate` does not promise that: called from an I/O callback (a request's body
 * arriving, a database answer), it runs in the same iteration's check phase, before any other request is read; the
 * second one, queued from the check phase, runs in the next iteration, after its timers and its poll.
 */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** Bytes as a plain Uint8Array (drivers answer bytea as a Buffer or a Uint8Array; readers want a plain one). */
export const plainBytes = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A buffer of its own for `size` bytes, not zero-filled: the caller writes every byte it reads or sends. Zero-filling
 * 8 MiB took 50-60 ms of the server's thread at once (the allocator clears memory it serves from its heap, touching
 * every page); unfilled, a page is first touched when bytes are copied into it, a slice at a time between turns.
 */
export function unfilledBytes(size: number): Uint8Array {
  const bytes = Buffer.allocUnsafeSlow(size);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A counter of bytes copied that gives the event loop a turn each time another {@link BYTE_PART_SIZE} has passed. */
export function turnPerPart(): (copied: number) => Promise<void> {
  let sinceTurn = 0;
  return async (copied) => {
    sinceTurn += copied;
    if (sinceTurn < BYTE_PART_SIZE) return;
    sinceTurn = 0;
    await nextTurn();
  };
}

/** `pieces` (of `total` bytes together) copied into one array, with a turn of the event loop every {@link BYTE_PART_SIZE}. */
export async function joinBytes(pieces: readonly Uint8Array[], total: number): Promise<Uint8Array> {
  const bytes = unfilledBytes(total);
  const copied = turnPerPart();
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.byteLength;
    await copied(piece.byteLength);
  }
  return bytes;
}

/** Writes `bytes` part by part (numbered from 0) through `insertPart`, with a turn of the event loop after each. */
export async function writeByteParts(bytes: Uint8Array, insertPart: (part: number, bytes: Uint8Array) => Promise<unknown>): Promise<void> {
  for (let part = 0, at = 0; at < bytes.byteLength; part++, at += BYTE_PART_SIZE) {
    await insertPart(part, bytes.subarray(at, at + BYTE_PART_SIZE));
    await nextTurn();
  }
}

/**
 * Reads `parts` parts (numbered from 0) through `readPart`, with a turn of the event loop after each, into one array;
 * `what` names the value in the error for a missing part.
 */
export async function readByteParts(parts: number, readPart: (part: number) => Promise<Uint8Array | undefined>, what: string): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  let total = 0;
  for (let part = 0; part < parts; part++) {
    const piece = await readPart(part);
    if (!piece) throw new Error(`${what} is missing its part ${part}.`);
    pieces.push(plainBytes(piece));
    total += piece.byteLength;
    await nextTurn();
  }
  return joinBytes(pieces, total);
}
