/**
 * Exact numbers in JSON output (issue #35 §3, ruling I-89). A JS number holds a decimal only when
 * that decimal is its shortest round-trip text; `9007199254740993` or `5000.00000000000001` are
 * not, so written out through a double they would lose digits. A `JsonNumber` is such a number
 * written by its decimal text; the kernel's own JSON writer (tree/canonical.ts: hashes, exact
 * trace text) writes that text as a JSON number. Anything else that serializes it (plain
 * `JSON.stringify`) gets the nearest double from `toJSON`, as before the text was kept.
 *
 * The text is canonical, so one value always has one text (hashes depend on it): ECMAScript's
 * Number::toString layout generalized to any number of digits — the significant digits without
 * trailing zeros; plain notation for exponents 10^-7 < |x| < 10^21, else `d.ddde+N` / `d.ddde-N`.
 * For a value a double holds, it is exactly `String(x)`, so RFC 8785 hashes of facts that were
 * doubles do not change.
 */
export class JsonNumber {
  private constructor(
    /** The canonical decimal text (see the file comment). */
    readonly text: string,
  ) {}

  /**
   * A JS number when the double's shortest text is `text` (the common case: fast, and plain JSON),
   * else a JsonNumber. `text` must be canonical (`decimalText`).
   */
  static of(text: string): number | JsonNumber {
    const x = Number(text);
    return String(x) === text ? x : new JsonNumber(text);
  }

  /** The nearest double, for serializers that know nothing of exact numbers. */
  toJSON(): number {
    return Number(this.text);
  }

  toString(): string {
    return this.text;
  }
}

/**
 * The canonical text of `negative ? -1 : 1` × `digits` × 10^`exponent`, where `digits` is a string
 * of decimal digits (leading and trailing zeros allowed). Zero is `0`.
 */
export function decimalText(negative: boolean, digits: string, exponent: number): string {
  let start = 0;
  while (start < digits.length && digits.charCodeAt(start) === 48) start++;
  let end = digits.length;
  while (end > start && digits.charCodeAt(end - 1) === 48) end--;
  if (start === end) return '0';
  const s = digits.slice(start, end);
  const k = s.length;
  // ECMAScript's n: the value is s × 10^(n − k).
  const n = exponent + (digits.length - end) + k;
  let body: string;
  if (k <= n && n <= 21) body = s + '0'.repeat(n - k);
  else if (0 < n && n <= 21) body = `${s.slice(0, n)}.${s.slice(n)}`;
  else if (-6 < n && n <= 0) body = `0.${'0'.repeat(-n)}${s}`;
  else {
    const e = n - 1;
    body = `${s[0]}${k > 1 ? `.${s.slice(1)}` : ''}e${e >= 0 ? '+' : '-'}${Math.abs(e)}`;
  }
  return negative ? `-${body}` : body;
}

/**
 * A `yaml` tag that writes a JsonNumber as its decimal text: a plain number to any YAML reader
 * (which read-fact.ts reads back exactly). Add it to `customTags` where a fact is written as YAML
 * (a suite's cases) after `toExactJson`; it is never used to read (no `test`, its own tag name).
 */
export const JSON_NUMBER_TAG = {
  identify: (value: unknown) => value instanceof JsonNumber,
  default: true,
  tag: 'tag:erdl.dev,2026:exact-number',
  resolve: (text: string) => text,
  stringify: (item: { value: unknown }) => (item.value as JsonNumber).text,
};

/**
 * `JSON.stringify(value, null, indent)`, except that a JsonNumber is written as its decimal text
 * (a JSON number with every digit). For JSON written from facts that may hold exact numbers.
 */
export function stringifyExact(value: unknown, indent = 2): string {
  const pad = ' '.repeat(indent);
  const write = (v: unknown, at: string): string | undefined => {
    if (v instanceof JsonNumber) return v.text;
    if (
      v === null ||
      typeof v !== 'object' ||
      typeof (v as { toJSON?: unknown }).toJSON === 'function'
    )
      return JSON.stringify(v);
    const inner = at + pad;
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      const items = v.map((x) => write(x, inner) ?? 'null');
      return indent === 0
        ? `[${items.join(',')}]`
        : `[\n${inner}${items.join(`,\n${inner}`)}\n${at}]`;
    }
    const members: string[] = [];
    for (const [k, x] of Object.entries(v)) {
      const text = write(x, inner);
      if (text !== undefined)
        members.push(`${JSON.stringify(k)}:${indent === 0 ? '' : ' '}${text}`);
    }
    if (members.length === 0) return '{}';
    return indent === 0
      ? `{${members.join(',')}}`
      : `{\n${inner}${members.join(`,\n${inner}`)}\n${at}}`;
  };
  return write(value, '') ?? 'null';
}
