// @vitest-environment node
/**
 * oidc-provider 9 prints "Unsupported runtime. Use Node.js v22.x…" on import under Node 20, which `engines` promises and
 * on which the provider works: the server's loader keeps that line out of every start (and says why in its comment and
 * the server README), and lets everything else through.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const loader = fileURLToPath(new URL('../../example-host/server/oidc-provider.ts', import.meta.url));
const onNode20 = process.versions.node.split('.')[0] === '20';

async function stderrOf(code: string): Promise<string> {
  const { stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, timeout: 60_000 });
  return stderr;
}

describe('the development provider on Node 20', () => {
  it("prints no 'Unsupported runtime' notice when the server loads it", async () => {
    const stderr = await stderrOf(`const m = await import(${JSON.stringify(loader)}); if (typeof m.Provider !== 'function') throw new Error('no Provider');`);
    expect(stderr).not.toContain('Unsupported runtime');
  }, 60_000);

  it('would print it when imported bare (so the check above can fail), and still passes other warnings on', async () => {
    const bare = await stderrOf(`await import('oidc-provider');`);
    expect(bare.includes('Unsupported runtime')).toBe(onNode20);
    const other = await stderrOf(`await import(${JSON.stringify(loader)}); console.warn('another warning');`);
    expect(other).toContain('another warning');
  }, 60_000);
});
