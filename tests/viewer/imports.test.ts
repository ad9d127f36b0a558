// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Everything `@ccq/forms-admin/viewer` reaches, followed import by import through the sources (type imports too).
const root = fileURLToPath(new URL('../..', import.meta.url));

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base]) {
    if (existsSync(candidate) && !candidate.endsWith('/')) {
      if (candidate === base && !/\.(tsx?|js)$/.test(base)) continue;
      return candidate;
    }
  }
  throw new Error(`${relative(root, from)}: cannot resolve '${specifier}'`);
}

function reachable(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [resolve(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      const target = resolveLocal(file, ref.fileName);
      if (target) queue.push(target);
    }
  }
  return [...seen].map((f) => relative(root, f)).sort();
}

describe('the /viewer entry', () => {
  const files = reachable('src/viewer.ts');

  it('reaches the viewer, the renderer and the engine', () => {
    expect(files).toContain('src/viewer/FormInstanceViewer.tsx');
    expect(files).toContain('src/forms/FormRenderer.tsx');
    expect(files).toContain('src/engine/engine.ts');
  });

  it('imports nothing from the administration screens, the fake backend or the server', () => {
    expect(files.filter((f) => f.startsWith('src/admin/') || f.startsWith('src/testing/') || f.startsWith('example-host/'))).toEqual([]);
  });
});
