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

/**
 * Table import (docs/table-import.md "Limits"), each checked before the work it bounds.
 * 20 MB: a table file as given (.csv, .dmn, JDM .json, .xlsx as stored). A 10,000-row table is
 * 0.4 MB as .xlsx, 1.5 MB as JDM, ~4 MB as DMN, and becomes a 1.1–1.6 MB ERDL document, which
 * must stay under MAX_DOCUMENT_BYTES: no file that can be imported whole comes near the limit.
 */
export const MAX_TABLE_FILE_BYTES = 20_000_000;
/** 32,767 characters: Excel's own limit for a cell, so no spreadsheet cell is longer. */
export const MAX_TABLE_CELL_CHARS = 32_767;
/** An .xlsx is a zip: more entries than this is no workbook of tables (a real one has dozens). */
export const MAX_XLSX_ENTRIES = 10_000;
/**
 * 20 MB: the XML parts of a workbook (what is inflated and read), declared in the zip directory
 * and counted again while inflating. A 10,000-row sheet is ~3 MB of XML.
 */
export const MAX_XLSX_UNCOMPRESSED_BYTES = 20_000_000;
/** 200:1: an entry declaring more than 1 MB inflated may not compress better (real sheets: 5–20:1). */
export const MAX_XLSX_RATIO = 200;
export const XLSX_RATIO_FLOOR_BYTES = 1_000_000;

export type FactSetFormat = 'jsonl' | 'csv';

/** The format a file name implies, or null for a `.facts.yaml` (or unknown) suite. */
export function factSetFormat(fileName: string): FactSetFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.csv')) return 'csv';
  return null;
}

/**
 * 128 MiB: no file the `erdl` command reads whole may be larger, checked from its size before it
 * is read (each reader then applies its own limit, with its own message: a rule document over
 * MAX_DOCUMENT_BYTES gets the kernel's ERDL-E001). The largest inputs read whole are a suite
 * (MAX_SUITE_CHARS characters) and a workspace file (64 MiB); fact sets stream.
 */
export const MAX_INPUT_FILE_BYTES = 128 * 1024 * 1024;
/** 256 KiB: a key file (a JWK, a JWK Set of trusted keys, a passphrase-protected backup). */
export const MAX_KEY_FILE_BYTES = 256 * 1024;
