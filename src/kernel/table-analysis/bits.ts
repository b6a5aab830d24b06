/**
 * Fixed-size bit sets over a field's value classes (value-classes.ts): a cell's set of classes,
 * a row region's side along one field. Small and allocation-light: the searches make many.
 */
export type Bits = Uint32Array;

export function emptyBits(size: number): Bits {
  return new Uint32Array((size + 31) >>> 5);
}

export function setBit(b: Bits, i: number): void {
  b[i >>> 5] = (b[i >>> 5] as number) | (1 << (i & 31));
}

export function hasBit(b: Bits, i: number): boolean {
  return ((b[i >>> 5] as number) & (1 << (i & 31))) !== 0;
}

export function isEmpty(b: Bits): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] !== 0) return false;
  return true;
}

export function intersects(a: Bits, b: Bits): boolean {
  for (let i = 0; i < a.length; i++) if (((a[i] as number) & (b[i] as number)) !== 0) return true;
  return false;
}

/** a ⊆ b */
export function isSubset(a: Bits, b: Bits): boolean {
  for (let i = 0; i < a.length; i++) if (((a[i] as number) & ~(b[i] as number)) !== 0) return false;
  return true;
}

export function and(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) & (b[i] as number);
  return out;
}

/** a \ b */
export function minus(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) & ~(b[i] as number);
  return out;
}

export function equalBits(a: Bits, b: Bits): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The lowest set bit, or -1. */
export function firstBit(b: Bits): number {
  for (let w = 0; w < b.length; w++) {
    const word = b[w] as number;
    if (word !== 0) return (w << 5) + (31 - Math.clz32(word & -word));
  }
  return -1;
}
