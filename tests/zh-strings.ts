// Every Chinese string the project shows or prints: the string literals (and template pieces, JSX
// text) with a Chinese character in any module of src/ — the studio's string tables, the kernel's
// { en, zh } messages (diagnostics, table import, gloss, report), the CLI's messages wherever they
// live, the signing library — and the Chinese values of the bundled examples. Read with the
// TypeScript parser, so comments are not strings and a string moved between files is still found.
// Used by tests/terminology.test.ts and tests/zh-punctuation.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CJK = /[\u3400-\u4DBF\u4E00-\u9FFF]/;

export interface ZhString {
  /** file:line */
  readonly where: string;
  /** The dotted property names around the literal ("zh" of "E101.zh", "evaluate.primary.reason"). */
  readonly key: string;
  readonly text: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) &&
      !/\.(test|property\.test)\.tsx?$/.test(name) &&
      !name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** Property names whose strings are lists of wordings *not* to use (terms.ts), not text shown. */
const NOT_TEXT = new Set(['avoid', 'avoidAlone', 'allow']);

function keyOf(node: ts.Node): { key: string; skip: boolean } {
  const names: string[] = [];
  let skip = false;
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isPropertyAssignment(n) && (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name))) {
      names.unshift(n.name.text);
      if (NOT_TEXT.has(n.name.text)) skip = true;
    } else if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) {
      names.unshift(n.name.text);
      break;
    } else if (ts.isFunctionDeclaration(n) && n.name) {
      names.unshift(`${n.name.text}()`);
      break;
    }
  }
  return { key: names.join('.'), skip };
}

function fromSource(file: string): ZhString[] {
  const text = readFileSync(file, 'utf8');
  const src = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: ZhString[] = [];
  const name = relative(ROOT, file);
  const push = (n: ts.Node, text: string) => {
    const { key, skip } = keyOf(n);
    const line = src.getLineAndCharacterOfPosition(n.getStart(src)).line + 1;
    // the terminology table's notes are documentation (docs/terminology.md), not text shown
    const note = name.startsWith('src/kernel/vocabulary/') && /(^|\.)note$/.test(key);
    if (!skip && !note) out.push({ where: `${name}:${line}`, key, text });
  };
  const visit = (n: ts.Node) => {
    // a regular expression's source is not text: String.raw`…` and new RegExp('…')
    if (ts.isTaggedTemplateExpression(n) && n.tag.getText(src) === 'String.raw') return;
    if (ts.isNewExpression(n) && n.expression.getText(src) === 'RegExp') return;
    if (ts.isTemplateExpression(n)) {
      // one text, each substitution as a placeholder {…}, so a mark beside one is seen in context
      const text = n.head.text + n.templateSpans.map((s) => `{x}${s.literal.text}`).join('');
      if (CJK.test(text)) push(n, text);
      for (const s of n.templateSpans) visit(s.expression);
      return;
    }
    if (
      (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isJsxText(n)) &&
      CJK.test(n.text)
    )
      push(n, n.text);
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

/** The Chinese values of the bundled examples: every YAML line with a Chinese character. */
function fromExamples(): ZhString[] {
  const dir = join(ROOT, 'src/studio/examples');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .flatMap((n) =>
      readFileSync(join(dir, n), 'utf8')
        .split('\n')
        .flatMap((line, i) => {
          const m = /^\s*(?:-\s+)?([\w.]+):\s*(.*)$/.exec(line);
          if (!m || !CJK.test(m[2] ?? '') || line.trimStart().startsWith('#')) return [];
          const value = (m[2] ?? '').replace(/^(['"])(.*)\1$/, '$2');
          return [{ where: `src/studio/examples/${n}:${i + 1}`, key: m[1] ?? '', text: value }];
        }),
    );
}

let cache: ZhString[] | undefined;

export function zhStrings(): readonly ZhString[] {
  cache ??= [...sources(join(ROOT, 'src')).flatMap(fromSource), ...fromExamples()];
  return cache;
}
