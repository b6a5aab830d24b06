/**
 * The 13 decision types of §6 — the single list every other part of the kernel reads.
 *
 * `blocking`: the requested action does not simply proceed. Blocking decisions need a non-empty
 * `message` (§4.1) and may never pair with `when: "true"` (§2.3, §7.4). Ruling in
 * docs/interpretations.md ("Which decisions are blocking").
 *
 * `restrictiveness`: how far a decision is from "let it through" (0 = ALLOW). Used to order
 * decisions by safety (§7.1: override never moves towards a less safe state).
 */
export interface DecisionInfo {
  readonly name: string;
  readonly zh: string;
  readonly en: string;
  readonly blocking: boolean;
  readonly restrictiveness: number;
  /**
   * What the decision says in a gloss sentence ("When …, {phrase}"; zh "若……，则{phrase}"). Each
   * zh phrase uses the decision's own §6 term (`zh`), so badge and gloss say the same thing:
   * REQUEST_HUMAN is 请求人工裁决 / 需人工裁决 (§5.5's example says 需人工审批; §6's term wins, I-77).
   */
  readonly phrase: { readonly zh: string; readonly en: string };
}

export const DECISIONS = [
  {
    name: 'ALLOW',
    zh: '放行',
    en: 'allow',
    blocking: false,
    restrictiveness: 0,
    phrase: { zh: '放行', en: 'the operation is allowed' },
  },
  {
    name: 'DENY',
    zh: '拦截',
    en: 'block',
    blocking: true,
    restrictiveness: 8,
    phrase: { zh: '拦截', en: 'the operation is blocked' },
  },
  {
    name: 'CORRECT',
    zh: '纠正偏差',
    en: 'correct deviation',
    blocking: true,
    restrictiveness: 3,
    phrase: { zh: '需纠正偏差', en: 'the deviation must be corrected' },
  },
  {
    name: 'NOTIFY',
    zh: '通知',
    en: 'notify',
    blocking: false,
    restrictiveness: 1,
    phrase: { zh: '发出通知', en: 'a notification is sent' },
  },
  {
    name: 'REQUEST_HUMAN',
    zh: '请求人工裁决',
    en: 'request human adjudication',
    blocking: true,
    restrictiveness: 5,
    phrase: { zh: '需人工裁决', en: 'human approval is required' },
  },
  {
    name: 'ESCALATE',
    zh: '升级',
    en: 'escalate',
    blocking: true,
    restrictiveness: 6,
    phrase: { zh: '升级处理', en: 'the matter is escalated' },
  },
  {
    name: 'DELEGATE',
    zh: '委派',
    en: 'delegate',
    blocking: true,
    restrictiveness: 4,
    phrase: { zh: '委派处理', en: 'the operation is delegated' },
  },
  {
    name: 'DEFER',
    zh: '延期',
    en: 'defer',
    blocking: true,
    restrictiveness: 4,
    phrase: { zh: '延期处理', en: 'the operation is deferred' },
  },
  {
    name: 'EMERGENCY_HALT',
    zh: '紧急停止',
    en: 'emergency stop',
    blocking: true,
    restrictiveness: 10,
    phrase: { zh: '紧急停止', en: 'an emergency halt is triggered' },
  },
  {
    name: 'ROLLBACK',
    zh: '回滚',
    en: 'roll back',
    blocking: true,
    restrictiveness: 7,
    phrase: { zh: '回滚', en: 'the operation is rolled back' },
  },
  {
    name: 'QUARANTINE',
    zh: '隔离',
    en: 'quarantine',
    blocking: true,
    restrictiveness: 9,
    phrase: { zh: '隔离', en: 'the operation is quarantined' },
  },
  {
    name: 'WORKFLOW',
    zh: '工作流',
    en: 'workflow',
    blocking: true,
    restrictiveness: 4,
    phrase: { zh: '转入工作流', en: 'the operation enters a workflow' },
  },
  {
    name: 'GUIDE',
    zh: '引导',
    en: 'guide',
    blocking: false,
    restrictiveness: 1,
    phrase: { zh: '给予引导', en: 'guidance is given' },
  },
] as const satisfies readonly DecisionInfo[];

export type Decision = (typeof DECISIONS)[number]['name'];

export const DECISION_NAMES: readonly Decision[] = DECISIONS.map((d) => d.name);

const byName = new Map<string, DecisionInfo>(DECISIONS.map((d) => [d.name, d]));

export function decisionInfo(name: string): DecisionInfo | undefined {
  return byName.get(name);
}

export function isDecision(name: unknown): name is Decision {
  return typeof name === 'string' && byName.has(name);
}

export function isBlockingDecision(name: Decision): boolean {
  return byName.get(name)?.blocking ?? true;
}

/**
 * Words people write for a decision that is not one of the 13. Never accepted, only suggested
 * (with a fix).
 */
export const DECISION_MISTAKES: Readonly<Record<string, Decision>> = {
  BLOCK: 'DENY',
  REJECT: 'DENY',
  REFUSE: 'DENY',
  FORBID: 'DENY',
  APPROVE: 'ALLOW',
  PERMIT: 'ALLOW',
  ACCEPT: 'ALLOW',
  PASS: 'ALLOW',
  REVIEW: 'REQUEST_HUMAN',
  HUMAN: 'REQUEST_HUMAN',
  ASK: 'REQUEST_HUMAN',
  ALERT: 'NOTIFY',
  WARN: 'NOTIFY',
  HALT: 'EMERGENCY_HALT',
  STOP: 'EMERGENCY_HALT',
  UNDO: 'ROLLBACK',
  ISOLATE: 'QUARANTINE',
  FIX: 'CORRECT',
};
