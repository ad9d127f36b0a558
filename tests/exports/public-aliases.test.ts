// @vitest-environment node
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A public type that is only another name for a type of the library (`export type SectionTarget = SectionPlace`, as
// the builder's was)
// makes the published .d.ts name that other type: if the entry does not export it too, a host reads a name it cannot
// import. Each public alias of one of the library's own named types must name a type its entry exports.
const root = fileURLToPath(new URL('../..', import.meta.url));
const entries = {
  '@ccq/forms-admin': 'src/index.ts',
  '@ccq/forms-admin/api': 'src/api/index.ts',
  '@ccq/forms-admin/viewer': 'src/viewer.ts',
  '@ccq/forms-admin/testing': 'src/testing/index.ts',
  '@ccq/forms-admin/engine': 'src/engine/index.ts',
} as const;

const program = ts.createProgram(
  Object.values(entries).map((f) => root + f),
  { strict: true, jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, skipLibCheck: true, noEmit: true },
);
const checker = program.getTypeChecker();

/** The library's own types a public alias is only another name for, that its entry does not export. */
function unexportedAliasTargets(file: string): string[] {
  const source = program.getSourceFile(root + file);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${file} is not a module`);
  const exported = checker.getExportsOfModule(module);
  const exportedTargets = new Set(exported.map((s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s)));
  const out: string[] = [];
  for (const s of exported) {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    for (const declaration of target.declarations ?? []) {
      // A plain rename (no type arguments): an instantiation such as `ScreenFactory<Props, Names>` is a type of its own.
      if (!ts.isTypeAliasDeclaration(declaration) || !ts.isTypeReferenceNode(declaration.type) || declaration.type.typeArguments) continue;
      let named = checker.getSymbolAtLocation(declaration.type.typeName);
      if (named && named.flags & ts.SymbolFlags.Alias) named = checker.getAliasedSymbol(named);
      const own = named?.declarations?.some((d) => d.getSourceFile().fileName.startsWith(`${root}src/`));
      if (named && own && !exportedTargets.has(named)) out.push(`${s.getName()} = ${named.getName()}`);
    }
  }
  return out.sort();
}

describe('public type aliases', () => {
  for (const [entry, file] of Object.entries(entries)) {
    it(`${entry}: every alias of one of the library's types names a type the entry exports`, () => {
      expect(unexportedAliasTargets(file)).toEqual([]);
    });
  }
});
