import { diagnostic } from './diagnostics/codes';
import type { Diagnostic } from './diagnostics/diagnostic';
import type { SourceText } from './diagnostics/source-text';
import type { CompiledDocument } from './document/compiled';
import { checkFormat } from './document/format';
import { checkHiddenText, lookalikeRuleNames, ruleNames } from './document/hidden-text';
import { type Loaded, load } from './document/load';
import { Fields, validateMetadata, validateTopLevel } from './document/validate';
import { validateRules } from './document/validate-rule';
import type { YMap } from './document/ynode';
import { CompileContext } from './tree/context';
import { documentHash } from './tree/document-hash';
import { FORMAT_VERSION, PROTOCOL } from './vocabulary/document';

export interface CompileResult {
  /** True when the document loads: no error diagnostics. */
  readonly ok: boolean;
  /** Every diagnostic, ordered by position. */
  readonly diagnostics: readonly Diagnostic[];
  /** The compiled document; null when any error was found (invalid documents are rejected, §2.4 ②). */
  readonly document: CompiledDocument | null;
  /** The text as loaded (BOM removed), for positions. */
  readonly source: SourceText;
}

/**
 * The kernel pipeline, steps ①–③ of §2.4 plus canonical form and hashes:
 * text → load → validate → compile → canonical/hash. Never throws.
 */
export function compileDocument(input: string | Uint8Array): CompileResult {
  return compileLoaded(load(input));
}

/** Steps ②–③ and the hashes, from a loaded document (`compileDocument` after `load`). */
export function compileLoaded(loaded: Loaded): CompileResult {
  try {
    if (!loaded.root) return finish(loaded.diagnostics, null, loaded.source);
    const ctx = new CompileContext();
    const fields = new Fields(ctx, loaded.source);
    const { metadata: metaNode, rules: rulesNode } = validateTopLevel(fields, loaded.root);
    const metadata = validateMetadata(fields, metaNode, loaded.root.range);
    const rules = validateRules(fields, rulesNode, metadata);
    const diagnostics = [...loaded.diagnostics, ...ctx.diagnostics];
    if (!loaded.isJson) diagnostics.push(...checkFormat(loaded.source, loaded.root));
    // Text that reads as it runs (I-88): after the format check, as the incremental compile adds them.
    diagnostics.push(...checkHiddenText(loaded.source, loaded.root));
    diagnostics.push(...lookalikeRuleNames(loaded.source, ruleNames(rulesNode)));
    const failed = diagnostics.some((d) => d.severity === 'error');
    if (failed || !metadata) return finish(diagnostics, null, loaded.source);
    const document: CompiledDocument = {
      protocol: PROTOCOL,
      version: documentVersion(loaded.root),
      metadata,
      rules,
      hash: documentHash(metadata, rules, ctx.canonical),
      sourceMap: ctx.sourceMap,
    };
    return finish(diagnostics, document, loaded.source);
  } catch (e) {
    // A kernel bug must still reach the caller as a diagnostic, never as an exception.
    const detail = e instanceof Error ? e.message : String(e);
    return finish([diagnostic('ERDL-E000', { start: 0, end: 0 }, { detail })], null, loaded.source);
  }
}

/** The result of a compile: diagnostics ordered by position (a stable sort), `ok` and the document. */
/** The format version as written (validated earlier); FORMAT_VERSION when absent. */
export function documentVersion(root: YMap): string {
  const v = root.items.find((p) => p.key === 'version')?.value;
  return v?.kind === 'scalar' && typeof v.value === 'string' ? v.value : FORMAT_VERSION;
}

export function finish(
  diagnostics: readonly Diagnostic[],
  document: CompiledDocument | null,
  source: SourceText,
): CompileResult {
  const sorted = [...diagnostics].sort(
    (a, b) => a.range.start - b.range.start || a.range.end - b.range.end,
  );
  const ok = !sorted.some((d) => d.severity === 'error');
  return { ok, diagnostics: sorted, document: ok ? document : null, source };
}
