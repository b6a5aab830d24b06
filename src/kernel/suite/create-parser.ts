import { createCsvParser } from './csv-facts';
import type { FactSetFormat, FactSetParser } from './fact-set';
import { createJsonLinesParser } from './jsonl-facts';

/** A streaming parser for the format (see factSetFormat for choosing it by file name). */
export function createFactSetParser(format: FactSetFormat): FactSetParser {
  return format === 'csv' ? createCsvParser() : createJsonLinesParser();
}
