// The kernel (src/kernel) is shared by the studio, its worker and the erdl CLI, so it must stay a
// pure, deterministic library: no host APIs, no clock, no randomness, and only the few packages
// below. src/kernel/tsconfig.json (lib ES2022, no DOM, no Node types) catches most host API use
// at type-check time; this test also catches what ES2022 itself allows (Date.now, Math.random,
// new Date()) and imports of anything outside the kernel.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const KERNEL_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'kernel');

const ALLOWED_PACKAGES = ['yaml', 'decimal.js', 're2js'];
const ALLOWED_PACKAGE_PREFIXES = ['@noble/hashes/'];

// Globals the kernel must not reference (a local declaration of the same name is not a use).
const FORBIDDEN_GLOBALS = new Set([
  'window',
  'document',
  'process',
  'require',
  'crypto',
  'fetch',
  'setTimeout',
  'performance',
  // Not in the brief's list but equally impure:
  'globalThis',
  'setInterval',
  'Buffer',
]);

interface Finding {
  line: number;
  col: number;
  problem: string;
}

function isAllowedImport(specifier: string, fromFile: string, kernelDir: string): boolean {
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    const target = resolve(dirname(fromFile), specifier);
    return target === kernelDir || target.startsWith(kernelDir + sep);
  }
  return (
    ALLOWED_PACKAGES.includes(specifier) ||
    ALLOWED_PACKAGE_PREFIXES.some((prefix) => specifier.startsWith(prefix))
  );
}

function isDeclarationName(node: ts.Identifier): boolean {
  const p = node.parent;
  return (
    (ts.isVariableDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isBindingElement(p) ||
      ts.isFunctionDeclaration(p) ||
      ts.isFunctionExpression(p) ||
      ts.isClassDeclaration(p) ||
      ts.isClassExpression(p) ||
      ts.isInterfaceDeclaration(p) ||
      ts.isTypeAliasDeclaration(p) ||
      ts.isEnumDeclaration(p) ||
      ts.isImportClause(p) ||
      ts.isNamespaceImport(p) ||
      ts.isImportSpecifier(p)) &&
    p.name === node
  );
}

/** True when the identifier names a property/member rather than referring to a binding. */
function isMemberName(node: ts.Identifier): boolean {
  const p = node.parent;
  if (ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p)) {
    return (ts.isPropertyAccessExpression(p) ? p.name : p.right) === node;
  }
  if (ts.isBindingElement(p)) return p.propertyName === node;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) return p.propertyName === node;
  if (
    ts.isPropertyAssignment(p) ||
    ts.isPropertySignature(p) ||
    ts.isPropertyDeclaration(p) ||
    ts.isMethodDeclaration(p) ||
    ts.isMethodSignature(p) ||
    ts.isGetAccessorDeclaration(p) ||
    ts.isSetAccessorDeclaration(p) ||
    ts.isEnumMember(p)
  ) {
    return p.name === node;
  }
  return ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p);
}

/** Scans one kernel source file; returns every purity violation found. */
function scanKernelSource(source: string, fileName: string, kernelDir: string): Finding[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  const report = (node: ts.Node, problem: string) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    findings.push({ line: line + 1, col: character + 1, problem });
  };
  const checkSpecifier = (node: ts.Node | undefined) => {
    if (node === undefined) return;
    if (!ts.isStringLiteralLike(node)) {
      report(node, 'non-literal module specifier');
    } else if (!isAllowedImport(node.text, fileName, kernelDir)) {
      report(node, `import of '${node.text}' is not allowed in the kernel`);
    }
  };

  const declared = new Set<string>();
  const identifiers: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      checkSpecifier(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (ts.isExternalModuleReference(node.moduleReference)) {
        checkSpecifier(node.moduleReference.expression);
      }
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      checkSpecifier(ts.isLiteralTypeNode(arg) ? arg.literal : arg);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      checkSpecifier(node.arguments[0]);
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const full = `${node.expression.text}.${node.name.text}`;
      if (full === 'Date.now' || full === 'Math.random') report(node, `use of ${full}`);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      if (node.expression.text === 'Date' && (node.arguments?.length ?? 0) === 0) {
        report(node, 'use of new Date() without an argument');
      }
    } else if (ts.isIdentifier(node)) {
      if (isDeclarationName(node)) declared.add(node.text);
      else if (!isMemberName(node)) identifiers.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);

  for (const id of identifiers) {
    if (FORBIDDEN_GLOBALS.has(id.text) && !declared.has(id.text)) {
      report(id, `use of global '${id.text}'`);
    }
  }
  return findings.sort((a, b) => a.line - b.line || a.col - b.col);
}

function listKernelFiles(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // src/kernel does not exist yet
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listKernelFiles(path);
    const isSource = /\.(ts|tsx|mts|cts)$/.test(entry.name);
    const isTest = /\.test\.(ts|tsx|mts|cts)$/.test(entry.name);
    return entry.isFile() && isSource && !isTest ? [path] : [];
  });
}

describe('kernel purity scanner (self-check)', () => {
  const fakeFile = join(KERNEL_DIR, 'sub', 'fake.ts');

  it('flags every kind of forbidden import and global', () => {
    const bad = [
      "import { readFileSync } from 'node:fs';",
      "import React from 'react';",
      "import type { Foo } from 'lodash';",
      "export { x } from '../../studio/App';",
      "import { sha256 } from '@noble/hashes';",
      'const m = await import("zustand");',
      "type T = import('node:path').ParsedPath;",
      'const a = window.location;',
      'const b = document.body;',
      'const c = process.env.HOME;',
      "const d = require('yaml');",
      'const e = Date.now();',
      'const f = new Date();',
      'const g = Math.random();',
      'const h = crypto.getRandomValues(new Uint8Array(4));',
      "const i = fetch('x');",
      'setTimeout(() => {}, 0);',
      'const j = performance.now();',
      'const k = globalThis.structuredClone;',
      'const l = new Date;',
    ].join('\n');
    const findings = scanKernelSource(bad, fakeFile, KERNEL_DIR);
    const lines = new Set(findings.map((f) => f.line));
    expect([...lines].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('does not flag allowed imports, member names, comments, strings or local bindings', () => {
    const good = [
      "import { parseDocument, LineCounter } from 'yaml';",
      "import Decimal from 'decimal.js';",
      "import { sha256 } from '@noble/hashes/sha2.js';",
      "import { RE2JS } from 're2js';",
      "import { helper } from '../util';",
      "import type { Node } from './nodes';",
      "export * from './vocabulary/decisions';",
      '// The document is hashed; never call Date.now() or Math.random() or fetch( here.',
      "const msg = 'process the window, document and crypto. fields';",
      'const out = { document: 1, process: 2, window: 3 };',
      'const h = out.document + out.process;',
      'interface Hashes { document: string; rules: Record<string, string> }',
      'function f(document: string, crypto: number) { return document + crypto; }',
      'const t = new Date(0);',
      'const parsed = Date.UTC(2026, 0, 1);',
      'const r = Math.round(1.5);',
    ].join('\n');
    expect(scanKernelSource(good, fakeFile, KERNEL_DIR)).toEqual([]);
  });
});

describe('kernel purity (src/kernel)', () => {
  // Parses every kernel file with the TypeScript compiler: seconds on a busy machine.
  it('imports only relative kernel paths and allowed packages, and uses no host globals', {
    timeout: 60_000,
  }, () => {
    const files = listKernelFiles(KERNEL_DIR);
    const problems = files.flatMap((file) =>
      scanKernelSource(readFileSync(file, 'utf8'), file, KERNEL_DIR).map(
        (f) => `${relative(process.cwd(), file)}:${f.line}:${f.col}: ${f.problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
