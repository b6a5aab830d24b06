import { EvaluationError } from './errors';

/**
 * Exact intermediate arithmetic (E2, §7.3(c), ruling I-33): "intermediate computation uses
 * high-precision bounded rationals; only output nodes round to scale 14, half-even".
 *
 * A Rational is n/d with BigInt numerator and denominator (d > 0). Sums, differences, products and
 * quotients are exact. The bound: after reduction to lowest terms neither |n| nor d may reach
 * 2^MAX_BITS; a result beyond it is the evaluation error `number_range` (E3), folded by E12 (ruling
 * I-31) — never a silent rounding. Every number the input contract admits fits with room to spare:
 * a finite double is at most ~1,077 bits (5e-324 = 5/10^324), a number literal at most ~147 bits.
 *
 * Reduction is lazy (only once a part passes 2^REDUCE_BITS): comparisons and rounding work on any
 * representation of the value, so small operands never pay for a gcd.
 */
export const MAX_BITS = 4096;
const LIMIT = 1n << BigInt(MAX_BITS);
const REDUCE_BITS = 256;
const REDUCE_AT = 1n << BigInt(REDUCE_BITS);

/** 10^k as BigInt, memoized for the exponents decimals use. */
const POW10: bigint[] = [1n];
function pow10(k: number): bigint {
  while (POW10.length <= k) POW10.push((POW10[POW10.length - 1] as bigint) * 10n);
  return POW10[k] as bigint;
}
/** 10^k as doubles, exact for k ≤ 22. */
const POW10_DOUBLE = Array.from({ length: 16 }, (_, k) => 10 ** k);

function abs(x: bigint): bigint {
  return x < 0n ? -x : x;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = b;
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
}

const DECIMAL_TEXT = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/;
/** Exponents beyond this are not decimals any input produces (doubles stop at e±324). */
const MAX_EXPONENT = 400;

export class Rational {
  private constructor(
    /** Numerator (carries the sign). */
    readonly n: bigint,
    /** Denominator, always > 0. */
    readonly d: bigint,
    /**
     * The canonical decimal text of a number written in a fact (data/read-number.ts) that no
     * double holds: it was read, not computed, so it is written out exactly, never rounded to the
     * output scale. Undefined for every computed value.
     */
    readonly written?: string,
  ) {}

  /** A number written in a fact: `n`/`d` exactly, written out as `text` (its canonical decimal). */
  static written(n: bigint, d: bigint, text: string): Rational {
    const r = Rational.of(n, d);
    return new Rational(r.n, r.d, text);
  }

  static readonly ZERO = new Rational(0n, 1n);

  /** n/d with d ≠ 0; reduced when large, and refused past the bound (`number_range`). */
  static of(n: bigint, d: bigint): Rational {
    if (d < 0n) {
      n = -n;
      d = -d;
    }
    if (abs(n) >= REDUCE_AT || d >= REDUCE_AT) {
      const g = gcd(n, d);
      if (g > 1n) {
        n /= g;
        d /= g;
      }
      if (abs(n) >= LIMIT || d >= LIMIT)
        throw new EvaluationError('number_range', {
          en: `an intermediate value needs more than ${MAX_BITS} bits of numerator or denominator (E2 bounded rationals)`,
          zh: `中间值的分子或分母超过 ${MAX_BITS} 位（E2 有界有理数）`,
        });
    }
    return new Rational(n, d);
  }

  static fromInteger(n: number | bigint): Rational {
    return new Rational(BigInt(n), 1n);
  }

  /**
   * A finite double as the decimal it is written as: its shortest round-trip text (`String(x)`),
   * the reading JSON facts and decimal.js give it — so the fact 0.1 is exactly 1/10.
   */
  static fromNumber(x: number): Rational {
    if (Number.isInteger(x) && Math.abs(x) <= Number.MAX_SAFE_INTEGER)
      return new Rational(BigInt(x), 1n);
    // Fast path: the fewest fractional digits k whose decimal m/10^k reads back as x, for
    // |m| < 10^15. Two distinct decimals of ≤ 15 significant digits are distinct doubles, so this
    // decimal is unique and is exactly the shortest round-trip text (tested against it).
    for (let k = 1; k < POW10_DOUBLE.length; k++) {
      const p = POW10_DOUBLE[k] as number;
      const m = Math.round(x * p);
      if (Math.abs(m) >= 1e15) break;
      if (m / p === x) return new Rational(BigInt(m), pow10(k));
    }
    return Rational.fromDecimalText(String(x)) as Rational;
  }

  /** Decimal text (`-12.5`, `1e-7`, `0.10000000000000`); null when it is not one. */
  static fromDecimalText(text: string): Rational | null {
    const m = DECIMAL_TEXT.exec(text);
    if (!m) return null;
    const int = m[2] ?? '';
    const frac = m[3] ?? '';
    if (int === '' && frac === '') return null;
    const exp = m[4] === undefined ? 0 : Number(m[4]);
    if (!Number.isSafeInteger(exp) || Math.abs(exp) > MAX_EXPONENT) return null;
    let n = BigInt(`${int}${frac}` || '0');
    if (m[1] === '-') n = -n;
    const shift = exp - frac.length;
    return shift >= 0 ? Rational.of(n * pow10(shift), 1n) : Rational.of(n, pow10(-shift));
  }

  plus(o: Rational): Rational {
    if (this.d === o.d) return Rational.of(this.n + o.n, this.d);
    return Rational.of(this.n * o.d + o.n * this.d, this.d * o.d);
  }

  minus(o: Rational): Rational {
    if (this.d === o.d) return Rational.of(this.n - o.n, this.d);
    return Rational.of(this.n * o.d - o.n * this.d, this.d * o.d);
  }

  times(o: Rational): Rational {
    return Rational.of(this.n * o.n, this.d * o.d);
  }

  /** The caller checks `isZero()` of the divisor first (division by zero is its own error). */
  dividedBy(o: Rational): Rational {
    return Rational.of(this.n * o.d, this.d * o.n);
  }

  isZero(): boolean {
    return this.n === 0n;
  }

  /** −1, 0 or 1 as this is less than, equal to or greater than `o` (exact). */
  cmp(o: Rational): number {
    const a = this.d === o.d ? this.n : this.n * o.d;
    const b = this.d === o.d ? o.n : o.n * this.d;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /** The integer nearest to this × 10^places, ties to even (IEEE 754-2019 roundTiesToEven). */
  private scaled(places: number): bigint {
    const num = abs(this.n) * pow10(places);
    let q = num / this.d;
    const twice = 2n * (num - q * this.d);
    if (twice > this.d || (twice === this.d && q % 2n === 1n)) q += 1n;
    return this.n < 0n ? -q : q;
  }

  /** Rounded half-even to `places` decimals (the `round` node; output nodes at scale 14). */
  roundHalfEven(places: number): Rational {
    return Rational.of(this.scaled(places), pow10(places));
  }

  /** Written out (messages, JSON): an output, so scale 14, half-even. */
  toString(): string {
    return this.toFixed(14);
  }

  toJSON(): string {
    return this.toFixed(14);
  }

  /** Fixed-point text with `places` decimals, half-even, never "-0" nor exponent notation. */
  toFixed(places: number): string {
    const q = this.scaled(places);
    const digits = abs(q)
      .toString()
      .padStart(places + 1, '0');
    const body =
      places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(digits.length - places)}`;
    return q < 0n ? `-${body}` : body;
  }
}
