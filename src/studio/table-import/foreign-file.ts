import type { DocumentImport } from '../../kernel/table-import';
import { documentName, foreignKind } from '../../table-import/foreign-kind';

/**
 * Decision tables from other tools dropped or opened in the studio (docs/table-import.md): .dmn,
 * .xlsx, and .json files that are GoRules JDM graphs. The readers load only when such a file
 * arrives.
 */
export interface ForeignImport {
  readonly kind: 'foreign';
  readonly fileName: string;
  readonly name: string;
  readonly result: DocumentImport;
}

/**
 * A workbook of several sheets waiting for the user to pick one (like `erdl import --sheet N`);
 * nothing is read from it until then.
 */
export interface SheetChoice {
  readonly kind: 'sheets';
  readonly fileName: string;
  readonly sheets: readonly string[];
  readonly bytes: Uint8Array;
}

/** Whether a file is a table from another tool (a .json only when it is a JDM graph). */
export function isForeignFile(fileName: string, text?: string): boolean {
  const kind = foreignKind(fileName);
  if (kind === 'dmn' || kind === 'xlsx') return !/\.(ya?ml)$/i.test(fileName);
  if (kind === 'jdm' && text !== undefined) {
    try {
      const value = JSON.parse(text) as { nodes?: unknown };
      return (
        Array.isArray(value.nodes) &&
        value.nodes.some(
          (n) =>
            typeof n === 'object' &&
            n !== null &&
            (n as { type?: unknown }).type === 'decisionTableNode',
        )
      );
    } catch {
      return false;
    }
  }
  return false;
}

/** Reads a foreign file; a workbook of several sheets asks which one first (`sheet`, 1-based). */
export async function readForeignFile(
  fileName: string,
  bytes: Uint8Array,
  sheet?: number,
): Promise<ForeignImport | SheetChoice> {
  if (sheet === undefined && foreignKind(fileName) === 'xlsx') {
    const { xlsxSheetNames } = await import('../../table-import/xlsx');
    const sheets = await xlsxSheetNames(bytes);
    if (sheets && sheets.length > 1) return { kind: 'sheets', fileName, sheets, bytes };
  }
  const { readForeign } = await import('../../table-import/read-foreign');
  return {
    kind: 'foreign',
    fileName,
    name: documentName(fileName),
    result: await readForeign(fileName, bytes, sheet),
  };
}
