/**
 * One open document as the language server knows it: the kernel's incremental compile of its
 * latest text (the studio's editing path, docs/incremental-compile.md), its diagnostics placed by
 * the kernel's positionDiagnostic (as the studio's markers are), and the rules' glosses in both
 * languages from the incremental gloss, computed after the diagnostics are out.
 */
import {
  type CompileResult,
  childrenOf,
  createIncrementalCompiler,
  createIncrementalGloss,
  type ExprNode,
  type IncrementalCompiler,
  MAX_DOCUMENT_BYTES,
  runSteps,
  SourceText,
} from '../kernel';
import {
  bomShift,
  type PositionedDiagnostic,
  positionDiagnostic,
} from '../kernel/diagnostics/positioned';

export interface RuleGlossText {
  readonly zh: string;
  readonly en: string;
  readonly delegation: boolean;
}

export interface Analysis {
  readonly text: string;
  readonly result: CompileResult;
  /** The editor's text (BOM included), for offsets → positions. */
  readonly source: SourceText;
  /** Offset of the kernel's text in the editor's (1 after a BOM). */
  readonly bom: number;
  readonly diagnostics: readonly PositionedDiagnostic[];
}

/** A suite (`*.facts.yaml`) is not a rule document: it only names rules (go to definition). */
export const isRulesUri = (uri: string) => !/\.facts\.ya?ml$/i.test(uri);

/** Field paths a condition tree reads, in first-use order. */
export function fieldsOf(tree: ExprNode | null, into: Set<string>): void {
  if (!tree) return;
  if (tree.node === 'field') into.add(tree.path);
  for (const child of childrenOf(tree)) fieldsOf(child, into);
}

/** The rules' glosses by name and the gloss lint of one text. */
export interface Glossed {
  readonly rules: ReadonlyMap<string, RuleGlossText>;
  readonly lint: readonly PositionedDiagnostic[];
}

export class DocumentAnalyzer {
  private readonly compiler: IncrementalCompiler = createIncrementalCompiler();
  private readonly glosser = createIncrementalGloss();
  private last: Analysis | null = null;
  /** The last analysis whose text loaded (kept while the text being typed does not). */
  private lastLoaded: Analysis | null = null;
  private glosses: (Glossed & { readonly text: string }) | null = null;
  /** Field paths of the last text that loaded (kept while the text being typed does not). */
  private knownFields: string[] = [];

  analyze(text: string): Analysis {
    if (this.last?.text === text) return this.last;
    const result = this.compiler.compile(text);
    const bom = bomShift(text);
    const source = result.source.text === text ? result.source : new SourceText(text);
    const diagnostics = result.diagnostics.map((d) => positionDiagnostic(d, bom, source));
    this.last = { text, result, source, bom, diagnostics };
    if (result.document) {
      this.lastLoaded = this.last;
      const fields = new Set<string>();
      for (const rule of result.document.rules) {
        fieldsOf(rule.when, fields);
        fieldsOf(rule.unless, fields);
      }
      this.knownFields = [...fields];
    }
    return this.last;
  }

  get fields(): readonly string[] {
    return this.knownFields;
  }

  /**
   * The analysis that names the document's rules: `analysis` when its text loads, else the last
   * text that did (outline and go to definition keep answering while a load error is typed; its
   * positions are those of that text). Null when no text of the document has loaded yet.
   */
  loaded(analysis: Analysis): Analysis | null {
    return analysis.result.document ? analysis : this.lastLoaded;
  }

  /**
   * The glosses (both languages) and the gloss lint (W901/W902/I903) of `analysis`' text, as the
   * studio's gloss phase computes them; null when the document does not load.
   */
  gloss(analysis: Analysis): Glossed | null {
    return runSteps(this.glossSteps(analysis));
  }

  /**
   * `gloss` in steps (one per rule rendered), so the server answers other messages between them:
   * the gloss phase of a 1,000-rule document would otherwise hold up the next edit's diagnostics.
   */
  *glossSteps(analysis: Analysis): Generator<void, Glossed | null, void> {
    if (!analysis.result.document) return null;
    if (this.glosses?.text === analysis.text) return this.glosses;
    if (this.last !== analysis) this.analyze(analysis.text);
    const outcome = yield* this.glosser.glossSteps(this.compiler, analysis.result);
    if (!outcome) return null;
    const rules = new Map<string, RuleGlossText>();
    outcome.zh.forEach((g, i) => {
      rules.set(g.name, {
        zh: g.gloss.text,
        en: outcome.en[i]?.gloss.text ?? '',
        delegation: g.gloss.delegation,
      });
    });
    const lint = outcome.lint.map((d) => positionDiagnostic(d, analysis.bom, analysis.source));
    this.glosses = { text: analysis.text, rules, lint };
    return this.glosses;
  }
}

/** Whether the text is small enough to read line by line for hover and completion. */
export const withinLimit = (text: string) => text.length <= MAX_DOCUMENT_BYTES;
