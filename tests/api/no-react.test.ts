// @vitest-environment node
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '../../src/api');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.[cm]?[jt]sx?$/.test(name) ? [path] : [];
  });
}

describe('src/api stays free of React', () => {
  const files = sourceFiles(root);

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('no file imports react or react-dom, nor anything outside src/api', () => {
    const offenders: string[] = [];
    for (const file of files) {
      // Comments may show how users import the package; only code counts.
      const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map(
        (m) => m[1] as string,
      );
      for (const spec of specifiers) {
        if (/^react(?:-dom)?(?:\/|$)/.test(spec) || !spec.startsWith('.')) {
          offenders.push(`${relative(root, file)} → ${spec}`);
        }
      }
      if (file.endsWith('x')) offenders.push(`${relative(root, file)} is a JSX file`);
    }
    expect(offenders).toEqual([]);
  });
});
