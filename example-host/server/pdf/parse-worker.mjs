// The PDF worker started from the TypeScript sources (tests, `tsx`): loads worker-main.ts directly where a TypeScript
// loader is active, else registers tsx's loader and loads it then. The built server starts the built worker
// (`pdf-worker.js`) instead, which needs no loader.
try {
  await import('./worker-main.ts');
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  // A failed import is remembered per URL: the second try asks for the same module under another URL.
  const { register } = await import('tsx/esm/api');
  register();
  await import('./worker-main.ts?with-tsx');
}
