/**
 * `erdl test --format junit|tap`: a suite's results as CI systems read them. One test per case
 * and per sequence event, in the suite's order; a failing one carries its mismatches, an unchecked
 * one (no expectation) is skipped, never passed.
 *   junit: JUnit XML (the <testsuites>/<testsuite>/<testcase> form Jenkins, GitLab, GitHub
 *          reporters and Azure read): <failure message> for a failure, <skipped/> for unchecked.
 *   tap:   TAP version 14: `ok N - name`, `not ok N - name` with a YAML diagnostic block,
 *          `# SKIP` for unchecked.
 */
import type { CaseOutcome, SourceText, SuiteResult } from '../kernel';

interface Test {
  readonly group: string;
  readonly name: string;
  readonly outcome: CaseOutcome;
  /** FILE:LINE of the case in SUITE, when known. */
  readonly where: string;
}

function tests(result: SuiteResult, file: string, source: SourceText): Test[] {
  const where = (c: CaseOutcome) =>
    c.range ? `${file}:${source.position(c.range.start).line}` : file;
  const suite = result.suite ?? file;
  return [
    ...result.cases.map((c) => ({ group: suite, name: c.name, outcome: c, where: where(c) })),
    ...result.sequences.flatMap((s) =>
      s.events.map((e, i) => ({
        group: `${suite} / ${s.name}`,
        name: `${s.name}, event ${i + 1} (${e.as_of})`,
        outcome: e,
        where: where(e),
      })),
    ),
  ];
}

const oneLine = (s: string) => s.replace(/\r\n|[\r\n]/g, ' ');

/** Characters XML 1.0 does not allow (controls but tab and line ends, lone surrogates, U+FFFE/F). */
const NOT_XML_CHARS =
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const NOT_XML = new RegExp(NOT_XML_CHARS, 'g');

/** Text as XML 1.0 character data or attribute value: escaped, and the characters XML forbids replaced. */
function xml(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

function failureText(t: Test): string {
  const o = t.outcome;
  return [
    ...o.mismatches.map((m) => oneLine(m.en)),
    `decision: ${o.decision}`,
    `matched rules: ${o.matched_rules.length ? o.matched_rules.join(', ') : '(none)'}`,
    `at: ${t.where}`,
  ].join('\n');
}

export function junit(result: SuiteResult, file: string, source: SourceText): string[] {
  const all = tests(result, file, source);
  const count = (list: readonly Test[], status: CaseOutcome['status']) =>
    list.filter((t) => t.outcome.status === status).length;
  const groups = [...new Set(all.map((t) => t.group))];
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="erdl test" tests="${all.length}" failures="${count(all, 'fail')}" errors="0" skipped="${count(all, 'unchecked')}">`,
  ];
  for (const group of groups) {
    const list = all.filter((t) => t.group === group);
    out.push(
      `  <testsuite name="${xml(group)}" tests="${list.length}" failures="${count(list, 'fail')}" errors="0" skipped="${count(list, 'unchecked')}">`,
      `    <properties><property name="ruleset_hash" value="${xml(result.ruleset_hash)}"/></properties>`,
    );
    for (const t of list) {
      const open = `    <testcase name="${xml(t.name)}" classname="${xml(group)}" file="${xml(file)}"`;
      if (t.outcome.status === 'pass') out.push(`${open}/>`);
      else if (t.outcome.status === 'unchecked')
        out.push(`${open}>`, '      <skipped message="no expectation"/>', '    </testcase>');
      else {
        const first = t.outcome.mismatches[0]?.en ?? 'failed';
        out.push(
          `${open}>`,
          `      <failure message="${xml(oneLine(first))}" type="mismatch">${xml(failureText(t))}</failure>`,
          '    </testcase>',
        );
      }
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out;
}

/** A TAP description: one line, `#` escaped (it starts a directive). */
const tapName = (s: string) => oneLine(s).replace(/\\/g, '\\\\').replace(/#/g, '\\#');

export function tap(result: SuiteResult, file: string, source: SourceText): string[] {
  const all = tests(result, file, source);
  const out = ['TAP version 14', `1..${all.length}`];
  all.forEach((t, i) => {
    const n = i + 1;
    const name = tapName(t.name);
    if (t.outcome.status === 'pass') out.push(`ok ${n} - ${name}`);
    else if (t.outcome.status === 'unchecked') out.push(`ok ${n} - ${name} # SKIP no expectation`);
    else {
      out.push(`not ok ${n} - ${name}`, '  ---');
      out.push(`  message: ${JSON.stringify(oneLine(t.outcome.mismatches[0]?.en ?? 'failed'))}`);
      if (t.outcome.mismatches.length > 1) {
        out.push('  mismatches:');
        for (const m of t.outcome.mismatches) out.push(`    - ${JSON.stringify(oneLine(m.en))}`);
      }
      out.push(
        `  decision: ${JSON.stringify(t.outcome.decision)}`,
        `  matched_rules: ${JSON.stringify(t.outcome.matched_rules)}`,
        `  at: ${JSON.stringify(t.where)}`,
        '  ...',
      );
    }
  });
  return out;
}
