/**
 * A database dump handed to PGlite (`loadDataDir`) as a Blob whose `arrayBuffer()` is one copy of its bytes. PGlite
 * reads the dump with `arrayBuffer()`, which on Node's own Blob streams the ~40 MB out of the native blob in small
 * chunks and joins them: in a CPU profile of three server starts from the seeded dump, Node's blob reading and joining
 * took more CPU than PostgreSQL's own start in WebAssembly. The bytes are copied into the Blob once, when it is made
 * (it stays a real Blob: `size`, `slice()` and `stream()` work as before); each `arrayBuffer()` is a fresh copy,
 * since PGlite may keep or change what it is given.
 */
export class BytesBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const copy = new Uint8Array(this.#bytes.byteLength);
    copy.set(this.#bytes);
    return Promise.resolve(copy.buffer);
  }
}
