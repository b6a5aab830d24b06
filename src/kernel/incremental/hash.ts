import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Metadata } from '../document/compiled';
import { type Sha256, updateUtf8 } from '../tree/canonical';
import { canonicalDocumentFrame } from '../tree/document-hash';

/** Rules per checkpoint: the SHA-256 state is kept after every CHUNK rule texts. */
const CHUNK = 32;

/**
 * The document hash (`documentHash`) of successive versions of a document, resuming SHA-256 from
 * the last checkpoint before the first rule text that differs from the previous version's: an
 * edit in rule i rehashes from about rule i on. The bytes hashed are exactly
 * `canonicalDocumentText`'s (open, the rule texts joined by commas, close).
 */
export class DocumentHasher {
  private open = '';
  private texts: readonly string[] = [];
  /** checkpoints[j]: the state after `open` and rule texts 0 … j·CHUNK − 1 (with their commas). */
  private checkpoints: Sha256[] = [];

  hash(metadata: Metadata, texts: readonly string[]): string {
    const { open, close } = canonicalDocumentFrame(metadata);
    let same = 0;
    if (open === this.open && this.checkpoints.length > 0) {
      const n = Math.min(texts.length, this.texts.length);
      while (same < n && texts[same] === this.texts[same]) same++;
    } else {
      const start = sha256.create();
      updateUtf8(start, open);
      this.checkpoints = [start];
    }
    const from = Math.min(Math.floor(same / CHUNK), this.checkpoints.length - 1);
    const checkpoints = this.checkpoints.slice(0, from + 1);
    let state = (checkpoints[from] as Sha256).clone();
    for (let i = from * CHUNK; i < texts.length; i += CHUNK) {
      // Each text as it is (no chunk joined into a new string first), commas between.
      const end = Math.min(i + CHUNK, texts.length);
      for (let j = i; j < end; j++) {
        if (j > 0) updateUtf8(state, ',');
        updateUtf8(state, texts[j] as string);
      }
      if (i + CHUNK <= texts.length) {
        checkpoints.push(state);
        state = state.clone();
      }
    }
    this.open = open;
    this.texts = texts;
    this.checkpoints = checkpoints;
    updateUtf8(state, close);
    return `sha256:${bytesToHex(state.digest())}`;
  }
}
