/**
 * Input limits and file-name kinds, data only (no imports): the studio's main thread checks files
 * against them before any kernel code loads (tests/entry-chunk.test.ts allows this module in the
 * entry chunk). The kernel modules that enforce them re-export them from here.
 */

/** 2 MiB: a 1,000-rule document is ~400 KB; larger input is refused before parsing (bounded time). */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

/**
 * 16 MiB: a signature file holds the manifest with every rule's canonical trees and glosses, so it
 * is larger than its rule file (a 1,000-rule document's is ~3 MB). `erdl verify` and `erdl sign`
 * check a file's size before reading it, the studio before reading a dropped file, and
 * `verifyRuleFile` before parsing (docs/signed-files.md "Canonical bytes and limits").
 */
export const MAX_SIGNATURE_FILE_BYTES = 8 * MAX_DOCUMENT_BYTES;

/** Larger suites belong in JSON Lines or CSV, which stream (suite/fact-set.ts). */
export const MAX_SUITE_CHARS = 32 * 1024 * 1024;

export type FactSetFormat = 'jsonl' | 'csv';

/** The format a file name implies, or null for a `.facts.yaml` (or unknown) suite. */
export function factSetFormat(fileName: string): FactSetFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.csv')) return 'csv';
  return null;
}
