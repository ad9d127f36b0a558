/**
 * The PDF worker thread's entry: runs each job posted to it (worker-tasks.ts) and answers it by id. The server
 * bounds its memory (`resourceLimits`) and terminates it when a job takes too long (worker.ts). Built as
 * `pdf-worker.js` beside the built server; from the sources, parse-worker.mjs loads it through tsx.
 */
import { parentPort } from 'node:worker_threads';
import { runPdfJob, type PdfJobMessage } from './worker-tasks';

const port = parentPort;
if (!port) throw new Error('The PDF worker runs in a worker thread only.');

/** The buffers of an answer's bytes, moved to the server's thread rather than copied. */
function transferOf(result: unknown): ArrayBuffer[] {
  const bytes = (result as { bytes?: unknown } | null)?.bytes;
  return bytes instanceof Uint8Array && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? [bytes.buffer]
    : [];
}

port.on('message', (message: PdfJobMessage) => {
  runPdfJob(message).then(
    (result) => port.postMessage({ id: message.id, result }, transferOf(result)),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
port.postMessage({ ready: true });
