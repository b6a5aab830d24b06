import { check } from './check';
import { convert } from './convert';
import { evalVerb } from './eval';
import { exportVerb } from './export';
import { gloss } from './gloss';
import { hash } from './hash';
import { impactVerb } from './impact';
import { importVerb } from './import';
import { key } from './key';
import { keygen } from './keygen';
import { lspVerb } from './lsp';
import { reportVerb } from './report';
import { sign } from './sign';
import { testVerb } from './test';
import { tree } from './tree';
import { vectors } from './vectors';
import type { Verb } from './verb';
import { verify } from './verify';
import { verifyEvidence } from './verify-evidence';

/** Every verb, in the order `erdl --help` lists them. Add a verb here to make it available. */
export const VERBS: readonly Verb[] = [
  check,
  hash,
  tree,
  evalVerb,
  vectors,
  convert,
  importVerb,
  exportVerb,
  gloss,
  testVerb,
  reportVerb,
  impactVerb,
  keygen,
  key,
  sign,
  verify,
  verifyEvidence,
  lspVerb,
];

export function findVerb(name: string): Verb | undefined {
  return VERBS.find((v) => v.name === name);
}

export type { Verb } from './verb';
