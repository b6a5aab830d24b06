import { sha256 } from '@noble/hashes/sha2.js';
import type { Metadata } from '../document/compiled';
import { type Sha256, sha256Text } from '../tree/canonical';
import { COMMA, canonicalDocumentFrame } from '../tree/document-hash';

/** Rules per checkpoint: the SHA-256 state is kept after every CHUNK rule entries. */
const CHUNK = 32;

/**
 * The document hash (`documentHash`) of successive versions of a document, resuming SHA-256 from
 * the last checkpoint before the first rule entry that differs from the previous version's: an
 * edit in rule i rehashes from about rule i on. The bytes hashed are exactly `documentHash`'s
 * (the frame's `open`, the rules' canonical bytes joined by commas, `close`).
 */
export class DocumentHasher {
  private open: Uint8Array = new Uint8Array(0);
  private entries: readonly Uint8Array[] = [];
  /** checkpoints[j]: the state after `open` and rule entries 0 … j·CHUNK − 1 (with their commas). */
  private checkpoints: Sha256[] = [];

  hash(metadata: Metadata, entries: readonly Uint8Array[]): string {
    const { open, close } = canonicalDocumentFrame(metadata);
    let same = 0;
    if (sameBytes(open, this.open) && this.checkpoints.length > 0) {
      const n = Math.min(entries.length, this.entries.length);
      while (same < n && sameBytes(entries[same] as Uint8Array, this.entries[same] as Uint8Array))
        same++;
    } else {
      const start = sha256.create();
      start.update(open);
      this.checkpoints = [start];
    }
    const from = Math.min(Math.floor(same / CHUNK), this.checkpoints.length - 1);
    const checkpoints = this.checkpoints.slice(0, from + 1);
    let state = (checkpoints[from] as Sha256).clone();
    for (let i = from * CHUNK; i < entries.length; i += CHUNK) {
      const end = Math.min(i + CHUNK, entries.length);
      for (let j = i; j < end; j++) {
        if (j > 0) state.update(COMMA);
        state.update(entries[j] as Uint8Array);
      }
      if (i + CHUNK <= entries.length) {
        checkpoints.push(state);
        state = state.clone();
      }
    }
    this.open = open;
    this.entries = entries;
    this.checkpoints = checkpoints;
    state.update(close);
    return sha256Text(state.digest());
  }
}

/** Equal bytes (an entry kept from the previous version is the same array). */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
