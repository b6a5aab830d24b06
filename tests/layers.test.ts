// The layers of src/ (docs/ARCHITECTURE.md): each top-level folder imports only from the layers
// below it — kernel ← i18n ← signing, table-import ← worker ← studio; the CLI beside the studio,
// the language server (lsp) beside the CLI, which starts it — so the worker never reaches into the
// studio, the language server never into the studio or the workers, and the kernel into nothing.
// Checked on every non-test source file, static and dynamic imports alike. Beside it: the
// diagnostic type is a leaf of the kernel's import graph, so no import cycle runs through it (one
// did, across 20 files).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** What each top-level folder of src/ may import, besides itself. */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  kernel: [],
  i18n: ['kernel'],
  signing: ['kernel', 'i18n'],
  'table-import': ['kernel', 'i18n'],
  worker: ['kernel', 'i18n', 'signing', 'table-import'],
  cli: ['kernel', 'i18n', 'signing', 'table-import', 'lsp'],
  lsp: ['kernel', 'i18n', 'signing', 'table-import'],
  studio: ['kernel', 'i18n', 'signing', 'table-import', 'worker'],
};

const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.includes(`${sep}test-support`) ||
  file.endsWith('test-support.ts');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(path))
      out.push(path);
  }
  return out;
}

/** The relative module specifiers of a file: import/export declarations and `import('…')`. */
function specifiers(file: string): { text: string; line: number }[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: { text: string; line: number }[] = [];
  const add = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node) && node.text.startsWith('.'))
      out.push({
        text: node.text,
        line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\?\w+$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

const layerOf = (file: string) => relative(SRC, file).split(sep)[0] as string;

const files = sourceFiles(SRC);
const graph = new Map<string, string[]>(
  files.map((f) => [
    f,
    specifiers(f)
      .map((s) => resolveModule(f, s.text))
      .filter((t): t is string => t !== null),
  ]),
);

describe('layers of src/', () => {
  it('every top-level folder is a known layer', () => {
    const layers = new Set(files.map(layerOf).filter((l) => !l.includes('.')));
    expect([...layers].filter((l) => !(l in MAY_IMPORT))).toEqual([]);
  });

  it('each layer imports only from the layers below it', () => {
    const breaches: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      const allowed = MAY_IMPORT[from];
      if (!allowed) continue;
      for (const s of specifiers(file)) {
        const target = resolveModule(file, s.text);
        if (target === null || !target.startsWith(SRC + sep)) continue;
        const to = layerOf(target);
        if (to !== from && !allowed.includes(to))
          breaches.push(`${relative(SRC, file)}:${s.line} (${from}) imports ${s.text} (${to})`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('no import cycle spans two folders (a cycle stays inside one construct)', () => {
    // Tarjan's strongly connected components over the import graph.
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const spanning: string[] = [];
    const visit = (v: string): void => {
      index.set(v, next);
      low.set(v, next);
      next++;
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!graph.has(w)) continue;
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
        } else if (onStack.has(w))
          low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
      if (low.get(v) !== index.get(v)) return;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (new Set(component.map(dirname)).size > 1)
        spanning.push(component.map((f) => relative(SRC, f)).join(' → '));
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    expect(spanning).toEqual([]);
  });

  it('the diagnostic type imports only leaves: no import cycle runs through it', () => {
    const start = join(SRC, 'kernel', 'diagnostics', 'diagnostic.ts');
    // Everything diagnostic.ts reaches must not reach it back.
    const seen = new Set<string>();
    const stack = [...(graph.get(start) ?? [])];
    const back: string[] = [];
    while (stack.length > 0) {
      const file = stack.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const next of graph.get(file) ?? []) {
        if (next === start) back.push(relative(SRC, file));
        stack.push(next);
      }
    }
    expect(back).toEqual([]);
  });
});
