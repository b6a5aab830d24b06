import { headerLines, lines, REFUND_TOOL, simpleRule } from '../../kernel/test-support';
import { signDocument } from './sign-document';
import type { SigningStore } from './signing-state';

/** Shared by this folder's tests: the quick-start rule file and one-value edits of it. */
export const RULES = lines(
  '# refund guard',
  ...headerLines('refund-guard', '  description: "Refund amount control"', '  category: coding'),
  ...simpleRule({
    name: 'SEC-001-refund-limit',
    description: 'Refunds over 5000 require human approval',
    conditions: [REFUND_TOOL, ['tool.args.amount', 'gt', '5000']],
    then: 'REQUEST_HUMAN',
    message: 'Refund amount over 5000, human approval required',
  }),
  ...simpleRule({
    name: 'SEC-002-block-delete',
    description: 'Account deletion is never allowed',
    priority: 20,
    conditions: [['tool.name', 'eq', '"delete_account"']],
    message: 'Account deletion is blocked',
  }),
);

/** The same rules with SEC-001's limit raised: one rule's content changed. */
export const RULES_LIMIT_CHANGED = RULES.replace('value: 5000', 'value: 9000');

/** Only a comment and spacing changed: the bytes differ, no rule does. */
export const RULES_REFORMATTED = RULES.replace(
  '# refund guard',
  '# refund guard (reviewed)',
).replace('priority: 20', 'priority:   20');

export const REFUND_FACT = 'fact:\n  tool:\n    name: "issue_refund"\n    args: { amount: 8000 }\n';

/** Signs `text` as `refund.erdl.yaml` with the store's own key (which must exist). */
export async function signWithOwnKey(
  signing: SigningStore,
  text = RULES,
  signedAt = '2026-09-01T00:00:00Z',
) {
  const key = signing.store.getState().signingKey;
  if (!key) throw new Error('no key');
  const outcome = await signDocument({ text, ruleFile: 'refund.erdl.yaml', key, signedAt });
  if (!outcome.ok) throw new Error(outcome.message.en);
  return outcome.signed;
}
