/**
 * Command-line tools (PDF and certificate checkers) run by the server tests, beside the test server in the same
 * process. Kept apart from `helpers.ts` so that files which only run tools do not load the server.
 */
import { spawn } from 'node:child_process';

/** What a command-line tool printed, and how it ended. */
export interface ToolRun {
  stdout: Buffer;
  stderr: string;
  /** The exit code (null when a signal ended it). */
  code: number | null;
}

/**
 * Runs a command-line tool (a PDF or certificate checker) whatever its exit code, with `input` on its standard input.
 *
 * Asynchronous on purpose, never `execFileSync`/`spawnSync`: the test server runs in this process, and a synchronous
 * child stops its event loop too. When a stop outlasts the server's keep-alive timeout (5 s: a few checkers under
 * load), the next fetch goes out on a pooled connection before either side's idle timer has run (the client's drops a
 * connection after 3 s idle, the server's after 5 s); the server's overdue timer then closes that connection with
 * the request unread, and the fetch fails with ECONNRESET. While the loop turns, the client's timer drops the
 * connection first and the next fetch opens a new one.
 */
export function runTool(file: string, args: readonly string[], input?: string | Uint8Array): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr).toString('utf8'), code }));
    child.stdin.end(input);
  });
}

/** Runs a command-line tool ({@link runTool}) and answers its standard output; refuses when it exits with an error. */
export async function toolOutput(file: string, args: readonly string[], input?: string | Uint8Array): Promise<Buffer> {
  const run = await runTool(file, args, input);
  if (run.code !== 0) throw new Error(`${file} ${args.join(' ')} exited with ${run.code}: ${run.stderr}`);
  return run.stdout;
}
