/**
 * The attacking clients of bench/forms-abuse/run.ts, in a worker thread so that their work (building and sending
 * large bodies) does not delay the health probe's event loop, only the server's. Bounded: `connections` loops of at
 * most `maxRequests` requests each, and none past `seconds`. Answers `{ statuses }` (count per HTTP status).
 */
import { parentPort, workerData } from 'node:worker_threads';

const { url, body, connections, maxRequests, seconds } = workerData;
const until = Date.now() + seconds * 1000;
const statuses = {};
await Promise.all(
  Array.from({ length: connections }, async () => {
    for (let i = 0; i < maxRequests && Date.now() < until; i++) {
      const res = await fetch(`${url}/api/crud/forminstance/post`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      // A refused client would wait as told; a hostile one does not: it keeps posting.
    }
  }),
);
parentPort.postMessage({ statuses });
