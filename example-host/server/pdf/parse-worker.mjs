// The PDF parse worker: reads the fields of one PDF per message, inside a worker thread whose memory is bounded by
// the `resourceLimits` it was started with and which the server terminates when a parse takes too long. Plain
// JavaScript so that it starts under any runner; it loads the TypeScript reader directly where a TypeScript loader is
// active (tsx), else registers tsx's loader and loads it then.
import { parentPort } from 'node:worker_threads';

let reader;
try {
  reader = await import('./read.ts');
} catch {
  // A failed import is remembered per URL: the second try asks for the same module under another URL.
  const { register } = await import('tsx/esm/api');
  register();
  reader = await import('./read.ts?with-tsx');
}

parentPort.on('message', async (message) => {
  try {
    const result = await reader.readPdfFields(message.bytes, message.limits);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
