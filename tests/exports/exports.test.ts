// @vitest-environment node
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The public surface of each entry point, values and types, as a file snapshot: a change to it is a visible diff,
// and the README's "What each entry exports" lists exactly the same names.
const root = fileURLToPath(new URL('../..', import.meta.url));
const entries = {
  '@ccq/forms-admin': 'src/index.ts',
  '@ccq/forms-admin/api': 'src/api/index.ts',
  '@ccq/forms-admin/viewer': 'src/viewer.ts',
  '@ccq/forms-admin/testing': 'src/testing/index.ts',
  '@ccq/forms-admin/engine': 'src/engine/index.ts',
} as const;
type Entry = keyof typeof entries;

const program = ts.createProgram(
  Object.values(entries).map((f) => root + f),
  {
    strict: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
  },
);
const checker = program.getTypeChecker();

// Case-insensitive, then by code unit: the same order on every machine (localeCompare follows the ICU locale).
function byName(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

interface Surface {
  values: string[];
  types: string[];
}

function surface(entry: Entry): Surface {
  const source = program.getSourceFile(root + entries[entry]);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!symbol) throw new Error(`${entries[entry]} is not a module`);
  const values: string[] = [];
  const types: string[] = [];
  for (const s of checker.getExportsOfModule(symbol)) {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    ((target.flags & ts.SymbolFlags.Value) !== 0 ? values : types).push(s.getName());
  }
  return { values: values.sort(byName), types: types.sort(byName) };
}

/** The snapshot's text: one name a line, types marked. */
function snapshotText({ values, types }: Surface): string {
  return [...values, ...types.map((t) => `${t} (type)`)].sort(byName).join('\n') + '\n';
}

/** A README paragraph `Label: \`a\`, \`b\`, …` wrapped at 120 characters. */
function paragraph(label: string, names: string[]): string {
  const lines: string[] = [];
  let line = `${label}:`;
  names.forEach((name, i) => {
    const word = `\`${name}\`${i < names.length - 1 ? ',' : ''}`;
    if (line.length + 1 + word.length > 120) {
      lines.push(line);
      line = word;
    } else line += ` ${word}`;
  });
  lines.push(line);
  return lines.join('\n');
}

/** What the README holds between the entry's markers. */
function readmeSection({ values, types }: Surface): string {
  return ['', paragraph('Values', values), '', paragraph('Types', types), ''].join('\n');
}

/** The `export * from` declarations of a file (a namespace export `export * as x from` names its items: allowed). */
function exportStarChains(file: string): string[] {
  const source = program.getSourceFile(root + file);
  if (!source) throw new Error(`${file} is not in the program`);
  return source.statements
    .filter((s): s is ts.ExportDeclaration => ts.isExportDeclaration(s) && s.exportClause === undefined)
    .map((s) => s.getText(source));
}

const readme = readFileSync(root + 'README.md', 'utf8');
const exportsSection = readme.split(/^## What each entry exports$/m)[1]?.split(/^## /m)[0] ?? '';

describe.each(Object.keys(entries) as Entry[])('%s', (entry) => {
  it('exports named items only (no export * chains)', () => {
    expect(exportStarChains(entries[entry])).toEqual([]);
  });

  it('has the public surface of its snapshot', async () => {
    await expect(snapshotText(surface(entry))).toMatchFileSnapshot(`__snapshots__/${entry.replace(/[@/]/g, '_')}.txt`);
  });

  it('is listed name by name in the README, values and types apart', () => {
    const parts = exportsSection.split(`<!-- exports:${entry} -->`);
    expect(parts, `one <!-- exports:${entry} --> marker in "What each entry exports"`).toHaveLength(2);
    const section = parts[1]!.split('<!-- /exports -->')[0]!;
    const wanted = readmeSection(surface(entry));
    // `UPDATE_README_EXPORTS=1 npx vitest run tests/exports -u` rewrites the lists, as -u rewrites the snapshots.
    if (process.env.UPDATE_README_EXPORTS === '1' && section !== wanted) {
      const current = readFileSync(root + 'README.md', 'utf8');
      writeFileSync(root + 'README.md', current.replace(`<!-- exports:${entry} -->${section}<!-- /exports -->`, `<!-- exports:${entry} -->${wanted}<!-- /exports -->`));
      return;
    }
    // On failure the diff shows the text to paste between the markers.
    expect(section).toBe(wanted);
  });
});

describe('entry points', () => {
  it('the root re-exports everything of /api and /viewer, by the same names and kinds', () => {
    const all = surface('@ccq/forms-admin');
    for (const entry of ['@ccq/forms-admin/api', '@ccq/forms-admin/viewer'] as const) {
      const { values, types } = surface(entry);
      expect(values.filter((v) => !all.values.includes(v)), entry).toEqual([]);
      expect(types.filter((t) => !all.types.includes(t)), entry).toEqual([]);
    }
  });

  it('the viewer entry offers the form renderer and its props and options types', () => {
    for (const entry of ['@ccq/forms-admin/viewer', '@ccq/forms-admin'] as const) {
      const { values, types } = surface(entry);
      expect(values).toEqual(expect.arrayContaining(['FormRenderer', 'useFormEngine', 'APIProvider']));
      expect(types).toEqual(expect.arrayContaining(['FormRendererProps', 'UseFormEngineOptions', 'FormEngine']));
    }
  });

  it('leaves internals a host has no use for out of the root and /api', () => {
    const internals = [
      // The client's own argument checks.
      'assertDefined', 'assertDefinedMayBeNull', 'assertNotNull',
      // Steps of computeEffectiveClaims / explainEffectiveClaims, which stay public.
      'grantBeats', 'resolveGrants', 'reachableClaimGroups',
      // The backends' access model (removesOwnAdminAccess and the AccessModel types stay).
      'applyAccessChange', 'accessModelFromLists', 'effectiveClaimsIn', 'AccessLists',
      // Duplicates: PRIORITY_RANGE holds the range; defaultLabels holds every default text.
      'PRIORITY_MIN', 'PRIORITY_MAX', 'DEFAULT_AUTH_STATUS_CARD_LABELS', 'DEFAULT_CONFIRM_MODAL_LABELS',
      'DEFAULT_ERROR_ALERT_LABELS', 'DEFAULT_LOADING_STATE_LABELS', 'DEFAULT_RESULT_DIALOG_LABELS',
      // How a screen computes what it shows (docs/architecture.md, What the entries export, and what stays inside).
      'builderReducer', 'initialBuilderState', 'emptyDocument', 'dependentsOf', 'builderDraftKey', 'BUILDER_HISTORY_LIMIT',
      'PICKER_PAGE_SIZE', 'SCREEN_CLAIM_GROUP_INCLUDES', 'SCREEN_USER_GROUP_INCLUDES', 'SCREEN_USER_INCLUDES',
      'PERMISSION_INVALIDATIONS', 'isEmptyPermissionSave', 'inverseClaimsChange', 'instanceQuery', 'markCompletedBlock',
      'requestSignatureBlock', 'INITIAL_INSTANCE_LIST_STATE', 'NO_INSTANCE_FILTERS', 'diffSchemaFields', 'fieldsOfLayout',
      'describePdfImportError', 'pdfFieldTypeLabel', 'suggestionReasonText', 'signDocumentTexts', 'signingProblemOf',
      'subGroupCandidates', 'filterCategories', 'permissionCategories', 'diffPermissions',
    ];
    for (const entry of ['@ccq/forms-admin', '@ccq/forms-admin/api'] as const) {
      const { values, types } = surface(entry);
      expect([...values, ...types].filter((name) => internals.includes(name)), entry).toEqual([]);
    }
  });

  it('documents every public name with TSDoc', () => {
    /**
     * Whether a declaration carries a doc comment: its own, its statement's for a variable (one bound by destructuring
     * too), its file's for a namespace.
     */
    const documented = (declaration: ts.Declaration): boolean => {
      if (ts.isSourceFile(declaration)) return /^\s*\/\*\*/.test(declaration.getFullText());
      let node: ts.Node = declaration;
      while (ts.isBindingElement(node) || ts.isArrayBindingPattern(node) || ts.isObjectBindingPattern(node)) node = node.parent;
      if (ts.isVariableDeclaration(node)) node = node.parent.parent;
      return ts.getJSDocCommentsAndTags(node).length > 0;
    };
    const undocumented = new Set<string>();
    for (const file of Object.values(entries)) {
      const source = program.getSourceFile(root + file);
      const symbol = source && checker.getSymbolAtLocation(source);
      if (!symbol) throw new Error(`${file} is not a module`);
      for (const s of checker.getExportsOfModule(symbol)) {
        const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
        if (!(target.getDeclarations() ?? []).some(documented)) undocumented.add(s.getName());
      }
    }
    expect([...undocumented].sort(byName)).toEqual([]);
  });

  it('OData helpers leave /api as one namespace, never as bare and/or/eq', () => {
    const { values } = surface('@ccq/forms-admin/api');
    expect(values).toContain('odata');
    expect(values.filter((v) => ['and', 'or', 'not', 'eq', 'ne', 'contains'].includes(v))).toEqual([]);
  });

  it('the README names each entry once, in its "What each entry exports" section', () => {
    const markers = [...readme.matchAll(/<!-- exports:([^ ]+) -->/g)].map((m) => m[1]);
    expect(markers).toEqual(Object.keys(entries));
    expect(exportsSection.match(/<!-- \/exports -->/g)).toHaveLength(Object.keys(entries).length);
  });
});
