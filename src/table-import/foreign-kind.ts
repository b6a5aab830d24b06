/**
 * Which tool a decision-table file comes from, and the document name it gives, from the file name
 * alone: no reader loads (the studio's main thread asks before anything heavy is imported).
 */

export type ForeignKind = 'dmn' | 'jdm' | 'xlsx';

export function foreignKind(fileName: string): ForeignKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.dmn') || lower.endsWith('.dmn.xml') || lower.endsWith('.xml')) return 'dmn';
  if (lower.endsWith('.json')) return 'jdm';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/** The document's name: the file name without its extension. */
export function documentName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  return base.replace(/(\.dmn|\.jdm)?\.(dmn|xml|json|xlsx)$/i, '') || 'imported';
}
