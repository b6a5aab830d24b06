import { describe, expect, it } from 'vitest';
import { factWith } from './probe';

describe('factWith', () => {
  it('puts each value at its path as own data properties, nested objects shared', () => {
    const fact = factWith([
      ['context.amount', 5],
      ['context.country', 'CN'],
      ['tool.name', 'x'],
      ['absent.field', undefined],
    ]);
    expect(fact).toEqual({ context: { amount: 5, country: 'CN' }, tool: { name: 'x' } });
    expect(Object.keys(fact)).toEqual(['context', 'tool']);
  });

  it('keeps "__proto__" and other Object.prototype names as data, never as a prototype', () => {
    const fact = factWith([
      ['__proto__.polluted', 1],
      ['a.__proto__', 2],
      ['constructor.name', 'c'],
      ['toString', 3],
    ]);
    expect(Object.getPrototypeOf(fact)).toBe(Object.prototype);
    expect(Object.keys(fact)).toEqual(['__proto__', 'a', 'constructor', 'toString']);
    const proto = Object.getOwnPropertyDescriptor(fact, '__proto__')?.value as Record<
      string,
      unknown
    >;
    expect(proto).toEqual({ polluted: 1 });
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    const a = fact.a as object;
    expect(Object.getOwnPropertyDescriptor(a, '__proto__')?.value).toBe(2);
    expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(fact, 'constructor')?.value).toEqual({ name: 'c' });
    expect(Object.getOwnPropertyDescriptor(fact, 'toString')?.value).toBe(3);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
