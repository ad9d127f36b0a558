// @vitest-environment node
/**
 * The repository explains itself: comments and READMEs state a rule, or point at the section of `docs/spec.md` (the
 * product specification) or `docs/decisions.md` (the design decisions) that states it. They never cite a document or a
 * ticket that is not in the repository (a numbered section of an outside document, an issue number), and every
 * pointer into `docs/` names a section that exists there.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const self = relative(root, __filename);

/** Folders of the repository's own sources, and its top-level files. */
const ROOTS = ['src', 'example-host', 'tests', 'bench', 'scripts', 'stories', '.storybook', '.changeset', 'docs'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'storybook-static', '.tmp', '.out', '.data', 'coverage', 'public']);
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.md', '.css', '.html']);

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) walk(path, out);
    } else if (SOURCE_EXTENSIONS.has(extname(name))) {
      out.push(path);
    }
  }
  return out;
}

function sourceFiles(): string[] {
  const files = readdirSync(root)
    .filter((name) => SOURCE_EXTENSIONS.has(extname(name)) && statSync(join(root, name)).isFile())
    .map((name) => join(root, name));
  for (const dir of ROOTS) {
    try {
      if (statSync(join(root, dir)).isDirectory()) walk(join(root, dir), files);
    } catch {
      // A folder the checkout does not have.
    }
  }
  return files.map((f) => relative(root, f)).filter((f) => f !== self);
}

/**
 * Citations of what a newcomer with only the repository cannot read: a numbered section of the design or the
 * specification ("DESIGN §4", "spec §5", or a bare "§5"; a public standard's "RFC 6901 §4" is fine) and an issue
 * number ("issue 10", "issue 8 #2", "Issue 11's").
 */
const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'a numbered section of an outside document', pattern: /(?<!RFC \d+ )§\s*\d/ },
  { what: 'an issue number', pattern: /\bissues? #?\d+/i },
];

/** The citations a line makes, as `what: text`. */
function citationsIn(line: string): string[] {
  return FORBIDDEN.flatMap(({ what, pattern }) => {
    const m = pattern.exec(line);
    return m ? [`${what}: "${m[0]}"`] : [];
  });
}

/** The `## ` and `### ` headings of a document under docs/. */
function headingsOf(doc: string): string[] {
  return readFileSync(join(root, 'docs', doc), 'utf8')
    .split('\n')
    .filter((l) => /^#{2,3} /.test(l))
    .map((l) => l.replace(/^#+ /, '').trim());
}

/**
 * The sections a pointer such as "docs/spec.md, Screens and routes and Error catalogue" names, read against the
 * document's headings (section names may contain "and", so the longest heading that fits is taken each time).
 * Null when the text after the comma does not start with a heading.
 */
function sectionsNamed(rest: string, headings: string[]): string[] | null {
  const byLength = [...headings].sort((a, b) => b.length - a.length);
  const named: string[] = [];
  let text = rest;
  for (;;) {
    const heading = byLength.find((h) => text.startsWith(h));
    if (!heading) return named.length ? named : null;
    named.push(heading);
    text = text.slice(heading.length);
    const joiner = /^(?:,? and |, )/.exec(text);
    if (!joiner || !byLength.some((h) => text.slice(joiner[0].length).startsWith(h))) return named;
    text = text.slice(joiner[0].length);
  }
}

describe('the citation check itself', () => {
  it('finds citations of outside documents and tickets', () => {
    for (const line of [
      '// Every screen resolves claim keys with it (DESIGN §4).',
      ' * The nesting rule (spec §5): refuses (400)',
      '// Before a change that takes access away, ask (issue 8 #2).',
      "// Issue 10's journey on the real server",
      "describe('the size of one change (issue 8 #12)', () => {",
      ' * Enumerations of the contract (§3, §6).',
    ]) {
      expect(citationsIn(line), line).not.toEqual([]);
    }
  });

  it('lets plain rules, public standards and pointers into docs/ through', () => {
    for (const line of [
      '/** Unescapes one reference token (in that order, RFC 6901 §4). */',
      ' * The nesting rule (docs/spec.md, Validation rules): refuses (400)',
      "context.strokeStyle = '#111';",
      "expect(name).toBe('Contact Details #0401');",
    ]) {
      expect(citationsIn(line), line).toEqual([]);
    }
  });

  it('reads section names that contain "and"', () => {
    const headings = ['Screens and routes', 'Error catalogue', 'Calls'];
    expect(sectionsNamed('Screens and routes and Error catalogue): x', headings)).toEqual(['Screens and routes', 'Error catalogue']);
    expect(sectionsNamed('Calls, Screens and routes', headings)).toEqual(['Calls', 'Screens and routes']);
    expect(sectionsNamed('Nowhere', headings)).toBeNull();
  });
});

describe('the repository explains itself', () => {
  const files = sourceFiles();

  it('scans the sources', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('src/index.ts');
    expect(files.length).toBeGreaterThan(100);
  });

  it('cites no numbered section of an outside document and no issue number', () => {
    const found: string[] = [];
    for (const file of files) {
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const c of citationsIn(line)) found.push(`${file}:${i + 1}: ${c}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('names only repository files that exist (generated outputs aside)', () => {
    const missing: string[] = [];
    for (const file of files) {
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(/`((?:src|example-host|tests|bench|scripts|stories|docs|\.storybook)\/[\w./-]+\.(?:tsx?|mjs|js|md|json|css))`/g)) {
            const path = m[1] ?? '';
            // Outputs that a command writes: generated folders, and the result files of the benchmarks.
            if (/\/\.(?:out|tmp|data)\//.test(path) || /^bench\/.*\.json$/.test(path)) continue;
            try {
              statSync(join(root, path));
            } catch {
              missing.push(`${file}:${i + 1}: ${path}`);
            }
          }
        });
    }
    expect(missing).toEqual([]);
  });

  it('points only at sections of docs/spec.md and docs/decisions.md that exist', () => {
    const headings = { spec: headingsOf('spec.md'), decisions: headingsOf('decisions.md') };
    const broken: string[] = [];
    for (const file of files) {
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(/docs\/(spec|decisions)\.md`?,\s+(.*)/g)) {
            const doc = m[1] as 'spec' | 'decisions';
            const rest = m[2] ?? '';
            if (!sectionsNamed(rest, headings[doc])) broken.push(`${file}:${i + 1}: docs/${doc}.md, ${rest.slice(0, 40)}…`);
          }
        });
    }
    expect(broken).toEqual([]);
  });
});
