import { check } from './check';
import { convert } from './convert';
import { evalVerb } from './eval';
import { gloss } from './gloss';
import { hash } from './hash';
import { tree } from './tree';
import { vectors } from './vectors';
import type { Verb } from './verb';

/** Every verb, in the order `erdl --help` lists them. Add a verb here to make it available. */
export const VERBS: readonly Verb[] = [check, hash, tree, evalVerb, vectors, convert, gloss];

export function findVerb(name: string): Verb | undefined {
  return VERBS.find((v) => v.name === name);
}

export type { Verb } from './verb';
