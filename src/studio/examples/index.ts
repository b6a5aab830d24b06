/**
 * The embedded examples a fresh workspace starts with: one document per example, each with a
 * sample fact that reaches a real decision (not just the fallback) at its `asOf`.
 */
import amlScreening from './aml-screening.erdl.yaml?raw';
import amlScreeningSuite from './aml-screening.facts.yaml?raw';
import codingAgentGuard from './coding-agent-guard.erdl.yaml?raw';
import codingAgentGuardSuite from './coding-agent-guard.facts.yaml?raw';
import exampleFields from './fields.yaml?raw';
import loanDecisionTable from './loan-decision-table.erdl.yaml?raw';
import loanDecisionTableSuite from './loan-decision-table.facts.yaml?raw';
import marginExpression from './margin-expression.erdl.yaml?raw';
import marginExpressionSuite from './margin-expression.facts.yaml?raw';
import quickStart from './quick-start.erdl.yaml?raw';
import quickStartSuite from './quick-start.facts.yaml?raw';

export interface Example {
  /** Document name in the workspace (exported as `<name>.erdl.yaml`). */
  readonly name: string;
  readonly text: string;
  /** The sample fact, YAML text. */
  readonly fact: string;
  /** The evaluation instant, ISO 8601 UTC. */
  readonly asOf: string;
  /** The rule set's own tests (`.facts.yaml`, docs/fact-suites.md). */
  readonly suite: string;
}

/**
 * The field dictionary a fresh workspace starts with: both-language display names for the example
 * fields no built-in name covers, so every example reads in Chinese and English (G3).
 */
export const EXAMPLE_FIELDS: string = exampleFields;

const AS_OF = '2026-01-15T09:00:00.000Z';

export const EXAMPLES: readonly Example[] = [
  {
    name: 'refund-guard',
    text: quickStart,
    suite: quickStartSuite,
    fact: `# §10.1: a refund of 8000 is above the 5000 limit → REQUEST_HUMAN
fact:
  tool:
    name: "issue_refund"
    args: { amount: 8000, order_id: "O1024" }
`,
    asOf: AS_OF,
  },
  {
    name: 'aml-screening',
    text: amlScreening,
    suite: amlScreeningSuite,
    fact: `# 25000 wired to a high-risk country → DENY (AML-001)
fact:
  context:
    amount: 25000
    country: "IR"
    channel: "wire"
`,
    asOf: AS_OF,
  },
  {
    name: 'coding-agent-guard',
    text: codingAgentGuard,
    suite: codingAgentGuardSuite,
    fact: `# The agent tries to wipe the home directory → DENY (SEC-101)
fact:
  tool:
    name: "exec_command"
    args:
      command: "rm -rf /workspace/build ~"
`,
    asOf: AS_OF,
  },
  {
    name: 'loan-decision-table',
    text: loanDecisionTable,
    suite: loanDecisionTableSuite,
    fact: `# Good credit score, large loan → REQUEST_HUMAN (row good-large-loan)
fact:
  context:
    credit_score: 720
    amount: 35000
`,
    asOf: AS_OF,
  },
  {
    name: 'margin-expression',
    text: marginExpression,
    suite: marginExpressionSuite,
    fact: `# Price 100, cost 90: a 10% margin is under 15% → REQUEST_HUMAN
fact:
  tool:
    name: "create_quote"
    args: { price: 100 }
  context:
    cost: 90
`,
    asOf: AS_OF,
  },
];
