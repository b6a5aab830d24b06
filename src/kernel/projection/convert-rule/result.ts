import type { Bilingual, Fix } from '../../diagnostics/diagnostic';
import type { RuleMapping } from '../convert';
import type { Refusal } from '../refusal';

/** What a conversion gives: the checked edit with what it changes, or why it is refused. */
export type RuleConversion =
  | {
      readonly ok: true;
      readonly fix: Fix;
      /** What changes, in the user's words (shown above the diff). */
      readonly summary: Bilingual;
      /** Compiled rules whose name changes. */
      readonly renames: readonly RuleMapping[];
    }
  | { readonly ok: false; readonly messages: readonly Bilingual[] };

export const fail = (...messages: Bilingual[]): RuleConversion => ({ ok: false, messages });

/** The edit was built but the edited document does not compile to the same trees. */
export const DIFFERENT_TREES: Bilingual = {
  en: 'The converted rule did not compile to the same trees in place; nothing was changed.',
  zh: '转换后的规则在原位置未能编译出相同的表达式树；未做任何修改。',
};

/** A conversion's new lines for the entries it replaces, or the refusals. */
export type Built =
  | { ok: true; lines: string[]; renames: RuleMapping[]; notes?: Bilingual[] }
  | { ok: false; refusals: Refusal[] };
