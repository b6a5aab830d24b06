import { compileDocument } from '../compile';
import { load } from '../document/load';
import type { YMap } from '../document/ynode';
import { compileTable } from '../tree/compile-table';
import { CompileContext } from '../tree/context';
import type { AnalysisTable } from './analyze-table';
import { analysisInput } from './report';

/**
 * Tests and the bench: the analysis input of the first rule entry's table in `text`, built as the
 * rule assembler builds it (compiled rows from compileDocument, cells from the table compiler).
 */
export function analysisTableOf(text: string): AnalysisTable {
  const rules = compileDocument(text).document?.rules ?? [];
  const loaded = load(text);
  const rulesNode = loaded.root?.items.find((p) => p.key === 'rules')?.value;
  const entry = rulesNode?.kind === 'seq' ? rulesNode.items[0] : undefined;
  const when = entry?.kind === 'map' ? entry.items.find((p) => p.key === 'when')?.value : undefined;
  if (when?.kind !== 'map') throw new Error('the first rule entry is not a decision table');
  const ctx = new CompileContext();
  const table = compileTable(ctx, when as YMap);
  if (!table || rules.length !== table.rows.length) throw new Error('the table did not compile');
  return analysisInput(table, rules, when as YMap, null);
}
