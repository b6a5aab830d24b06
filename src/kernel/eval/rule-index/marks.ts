/**
 * What one fact's probes found, per rule: each filed conjunct of a rule (at most MAX_FILED) has a
 * bit, set when the fact's value of its field may satisfy it. A rule may match only when all its
 * filed conjuncts' bits are set. An epoch per rule makes clearing free between facts.
 */
export const MAX_FILED = 8;

export class Marks {
  readonly epochs: Uint32Array;
  readonly bits: Uint8Array;
  epoch = 0;
  /**
   * While true, a hit opens a rule for this fact (its primary conjunct's atoms are marked first);
   * after, a hit only sets a bit of a rule already opened: the others cannot match anyway.
   */
  opening = true;
  /** The rules opened for this fact, in the order opened (`touchedCount` of them). */
  readonly touched: Int32Array;
  touchedCount = 0;
  constructor(count: number) {
    this.epochs = new Uint32Array(count);
    this.bits = new Uint8Array(count);
    this.touched = new Int32Array(count);
  }
  /** Starts a new fact: every rule's bits read as clear. */
  next(): void {
    let epoch = this.epoch + 1;
    if (epoch > 0xfffffffe) {
      this.epochs.fill(0);
      epoch = 1;
    }
    this.epoch = epoch;
    this.touchedCount = 0;
  }
  /** Sets the bit of `code` (a rule's number × MAX_FILED + its conjunct's bit number). */
  hit(code: number): void {
    const rule = code >>> 3;
    if (this.epochs[rule] !== this.epoch) {
      if (!this.opening) return;
      this.epochs[rule] = this.epoch;
      this.bits[rule] = 1 << (code & 7);
      this.touched[this.touchedCount++] = rule;
    } else this.bits[rule] = (this.bits[rule] as number) | (1 << (code & 7));
  }
  /** Sets the bits of every code in `codes` (absent: none). */
  hitAll(codes: readonly number[] | undefined): void {
    if (codes === undefined) return;
    for (let i = 0; i < codes.length; i++) this.hit(codes[i] as number);
  }
}
