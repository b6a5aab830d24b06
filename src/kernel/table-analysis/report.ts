import type { Diagnostic } from '../diagnostics/diagnostic';
import type { CompiledRule } from '../document/compiled';
import { isScalar, type YMap } from '../document/ynode';
import { Lru } from '../incremental/lru';
import type { CompiledTable } from '../tree/compile-table';
import type { CompileContext } from '../tree/context';
import type { ExprNode } from '../tree/types';
import {
  type AnalysisMemo,
  type AnalysisRow,
  type AnalysisTable,
  analyzeTableIncremental,
} from './analyze-table';

/**
 * The last analysis of each table, by entry name and columns: a grid edit changes one row, and
 * the next analysis of that table reuses the findings the edit cannot have changed (exactly
 * analyzeTable's result, whichever analysis is found here: see analyzeTableIncremental).
 * Room for the tables of a large document: with 16, a document of 20 tables pushed each table's
 * analysis out before its next compile needed it, and every compile analysed all of them afresh.
 */
export const TABLE_ANALYSIS_MEMOS = 64;
const memos = new Lru<string, AnalysisMemo>(TABLE_ANALYSIS_MEMOS);

/** How many table analyses are kept (tests). */
export function tableAnalysisMemoCount(): number {
  return memos.size;
}

/** Forgets every kept analysis (tests: the next analysis of each table is a full one). */
export function clearTableAnalysisMemos(): void {
  memos.clear();
}

/**
 * The hook in the rule assembler (document/validate-rule.ts): runs the analysis on a table whose
 * rows all compiled and adds its findings to the compile result. Being part of validating one
 * rule entry, the incremental compiler gets exactly the same findings (it caches per entry).
 */
export function reportTableAnalysis(
  ctx: CompileContext,
  table: CompiledTable,
  rules: readonly CompiledRule[],
  tableNode: YMap,
  unless: ExprNode | null,
): void {
  if (rules.length !== table.rows.length) return;
  const key = JSON.stringify([rules[0]?.entry ?? '', table.columns.map((c) => c.field.path)]);
  const { analysis, memo } = analyzeTableIncremental(
    analysisInput(table, rules, tableNode, unless),
    memos.get(key) ?? null,
  );
  if (memo) memos.set(key, memo);
  const { diagnostics, priorityExamples } = analysis;
  // W505 (row priority against row order) is reported by the table compiler; give it its example.
  if (priorityExamples.size > 0) {
    ctx.diagnostics.forEach((d: Diagnostic, i) => {
      const ex = d.code === 'ERDL-W505' ? priorityExamples.get(d.range.start) : undefined;
      if (ex) ctx.diagnostics[i] = { ...d, example: ex };
    });
  }
  ctx.diagnostics.push(...diagnostics);
}

/** The analysis input of a compiled table and its compiled rows (one per row, in row order). */
export function analysisInput(
  table: CompiledTable,
  rules: readonly CompiledRule[],
  tableNode: YMap,
  unless: ExprNode | null,
): AnalysisTable {
  const rows: AnalysisRow[] = table.rows.map((row, i) => {
    const rule = rules[i] as CompiledRule;
    const cellsNode = row.source.items.find((p) => p.key === 'when')?.value;
    const pr = row.source.items.find((p) => p.key === 'priority')?.value;
    return {
      index: row.index,
      cells: row.when.node === 'and' ? row.when.args : [],
      when: rule.when,
      then: rule.then,
      rule: rule.name,
      hash: rule.hash,
      range: cellsNode?.range ?? row.range,
      priority:
        pr && isScalar(pr) && typeof pr.value === 'number'
          ? { value: pr.value, range: pr.range }
          : null,
    };
  });
  const rowsKey = tableNode.items.find((p) => p.key === 'rows')?.keyNode.range ?? tableNode.range;
  return { rows, entryPriority: rules[0]?.priority ?? 0, range: rowsKey, unless };
}
