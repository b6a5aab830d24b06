/** Messages between the vectors test page (vectors.html) and its worker (vectors-worker.ts). */

/** Page → worker: every V-ENGINE vector file, unparsed. */
export interface VectorsRequest {
  readonly files: readonly { readonly name: string; readonly text: string }[];
}

/** Worker → page: the tally, and what went wrong in each failing file. */
export interface VectorsReport {
  readonly total: number;
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly { readonly file: string; readonly failures: readonly string[] }[];
}
