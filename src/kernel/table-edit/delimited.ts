/**
 * TSV / CSV as spreadsheets write them (RFC 4180 quoting: a cell holding the delimiter, a quote or
 * a line break is quoted and its quotes doubled). A pasted block with a tab anywhere is TSV.
 */

export function detectDelimiter(text: string): '\t' | ',' {
  return text.includes('\t') ? '\t' : ',';
}

export function parseDelimited(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const body = text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  while (i < body.length) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
    i += 1;
  }
  if (body.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

export function formatDelimited(
  rows: readonly (readonly string[])[],
  delimiter: '\t' | ',',
): string {
  const quote = (cell: string) =>
    cell.includes(delimiter) || /["\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  return rows.map((r) => r.map(quote).join(delimiter)).join('\n');
}
