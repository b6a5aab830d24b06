// "Copy as command" (issue #40 point 5): the command the Evaluate panel copies, run in a real
// shell (sh) against the document written under the file name the panel names, prints the same
// decision, matched rules, ruleset hash and result hash as the studio's own evaluation — for facts
// holding quotes, `$`, backticks, `%`, backslashes, line breaks, tabs, CR, Chinese text and bidi
// controls, and with temporal state. `npx erdl` is the checkout's CLI (e2e/support/erdl-folder.ts), with
// no network.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErdlFolder, erdlFolder } from '../../../../e2e/support/erdl-folder';
import type { EvaluateRequest } from '../../../worker/kernel-protocol';
import { KernelService } from '../../../worker/kernel-service';
import quickStart from '../../examples/quick-start.erdl.yaml?raw';
import { exportFileName } from '../../workspace/files';
import { evalCommand, printfFormat, shellArg } from './copy-command';

const AS_OF = '2026-01-01T00:00:00Z';

const WITHIN = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "burst"
  description: "three e-mails in ten minutes"
  category: coding
  decision: ALLOW
rules:
  - name: "TMP-001-burst"
    description: "burst"
    priority: 10
    when:
      logic: AND
      conditions:
        - {field: "tool.name", operator: eq, value: "send_email", within: "10m"}
    then: DENY
    message: "burst"
`;

let folder: ErdlFolder;
beforeAll(() => {
  folder = erdlFolder();
});
afterAll(() => folder.remove());

interface Inputs {
  name: string;
  text: string;
  fact: string;
  asOf: string;
  temporalState: string;
}

function studio(inputs: Inputs) {
  const request: EvaluateRequest = { op: 'evaluate', doc: 'd', trace: false, ...inputs };
  const outcome = new KernelService(() => 0).evaluate(request);
  if (outcome.kind !== 'result') throw new Error(`studio: ${JSON.stringify(outcome)}`);
  return outcome.result;
}

/** Saves the document as the panel says, then runs the copied command as a shell would. */
function shell(inputs: Inputs) {
  const fileName = exportFileName(inputs);
  writeFileSync(join(folder.dir, fileName), inputs.text);
  const command = evalCommand({ fileName, ...inputs });
  const out = folder.run(command);
  return { command, result: JSON.parse(out) };
}

const same = (inputs: Inputs) => {
  const want = studio(inputs);
  const { command, result } = shell(inputs);
  expect(
    {
      decision: result.decision,
      matched_rules: result.matched_rules,
      ruleset_hash: result.ruleset_hash,
      result_hash: result.result_hash,
    },
    command,
  ).toEqual({
    decision: want.decision,
    matched_rules: want.matched_rules,
    ruleset_hash: want.ruleset_hash,
    result_hash: want.result_hash,
  });
  return { command, want };
};

const hostile = [
  [
    'the example fact (YAML, a fact: wrapper)',
    '# 8000 → REQUEST_HUMAN\nfact:\n  tool:\n    name: "issue_refund"\n    args: { amount: 8000 }\n',
  ],
  [
    'JSON with quotes, $, backticks, %, backslashes',
    `{"tool": {"name": "issue_refund", "args": {"amount": 9000, "note": "it's $HOME \`id\` %s %% \\\\n \\"x\\" '' $(rm -rf /)"}}}`,
  ],
  [
    'Chinese text, a bidi override, a zero-width space, a tab and CRLF line ends',
    'tool:\r\n  name: issue_refund\r\n  args:\r\n    amount:\t7000\r\n    memo: "退款\u202Eevil\u202C\u200B"\r\n',
  ],
  [
    'a fact below the limit, no trailing line break',
    'tool: {name: issue_refund, args: {amount: 10}}',
  ],
] as const;

describe('Copy as command: the copied command reproduces the studio evaluation', () => {
  it.each(hostile)(
    '%s',
    (_, fact) => {
      const { command } = same({
        name: 'refund-guard',
        text: quickStart,
        fact,
        asOf: AS_OF,
        temporalState: '',
      });
      // Nothing a reader cannot see is on the clipboard.
      expect(command).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\t\r]/);
      expect(command).toMatch(
        /^printf '[\s\S]*' \| npx --no erdl eval refund-guard\.erdl\.yaml - --as-of 2026-01-01T00:00:00Z$/,
      );
    },
    60_000,
  );

  it('a document named with spaces, quotes and a leading dash', () => {
    const { command } = same({
      name: `-refund guard's "v2"`,
      text: quickStart,
      fact: 'tool: {name: issue_refund, args: {amount: 8000}}',
      asOf: '2026-03-04T05:06:07.890Z',
      temporalState: '',
    });
    expect(command).toContain(`'./-refund guard'\\''s _v2_.erdl.yaml'`);
  }, 60_000);

  it('with temporal state: the state file is written first and passed with --state', () => {
    const first = studio({
      name: 'burst',
      text: WITHIN,
      fact: 'tool: {name: send_email}',
      asOf: '2026-09-03T10:00:00Z',
      temporalState: '',
    });
    const temporalState = JSON.stringify(first.temporal_state, null, 2);
    const { command, want } = same({
      name: 'burst',
      text: WITHIN,
      fact: 'tool: {name: send_email}',
      asOf: '2026-09-03T10:05:00Z',
      temporalState,
    });
    expect(command).toMatch(/^printf '[\s\S]*' > burst\.state\.yaml\nprintf /);
    expect(command).toContain('--state burst.state.yaml');
    expect(want.temporal_state).not.toBeNull();
  }, 60_000);
});

describe('printfFormat and shellArg', () => {
  it('escape what printf and the shell would read', () => {
    expect(printfFormat("a'b%c\\d")).toBe("'a'\\''b%%c\\\\d'");
    expect(printfFormat('x\u202Ey')).toBe("'x\\342\\200\\256y'");
    expect(printfFormat('\u0007\t\r\n')).toBe("'\\007\\t\\r\n'");
    expect(printfFormat('退款 $HOME `id`')).toBe("'退款 $HOME `id`'");
  });

  it('leave safe words bare and quote the rest', () => {
    expect(shellArg('refund.erdl.yaml', true)).toBe('refund.erdl.yaml');
    expect(shellArg('-x.erdl.yaml', true)).toBe('./-x.erdl.yaml');
    expect(shellArg('2026-01-01T00:00:00Z')).toBe('2026-01-01T00:00:00Z');
    expect(shellArg('退款 规则.erdl.yaml', true)).toBe("'退款 规则.erdl.yaml'");
    expect(shellArg('a\u202Eb.erdl.yaml', true)).toBe(`"$(printf 'a\\342\\200\\256b.erdl.yaml')"`);
  });

  it('is exact for every character a shell prints back (property: 300 random texts)', () => {
    // One sh run prints every text between markers; each must come back byte for byte.
    const alphabet = [
      "'",
      '"',
      '%',
      '\\',
      '$',
      '`',
      '\n',
      '\t',
      '\r',
      ' ',
      'a',
      '退',
      '\u202E',
      '\u200B',
      '\u0007',
      '😀',
      '!',
      '*',
      '\u0085',
      '0',
    ];
    let seed = 40;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const texts = Array.from({ length: 300 }, () =>
      Array.from({ length: next() % 12 }, () => alphabet[next() % alphabet.length]).join(''),
    );
    const script = texts.map((t) => `printf ${printfFormat(t)}; printf '\\036'`).join('\n');
    const out = execFileSync('sh', ['-c', script], { encoding: 'utf8' });
    expect(out.split('\u001e').slice(0, -1)).toEqual(texts);
  });
});
