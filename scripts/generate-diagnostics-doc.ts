/**
 * Writes docs/diagnostics.md from the diagnostic catalogue (src/kernel/diagnostics/codes.ts).
 * `npm run docs:diagnostics` regenerates it; tests/diagnostics-doc.test.ts fails when it is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CODES, severityOf } from '../src/kernel';

export const DOC_PATH = fileURLToPath(new URL('../docs/diagnostics.md', import.meta.url));

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function diagnosticsDoc(): string {
  const rows = Object.entries(CODES).map(
    ([code, spec]) =>
      `| \`${code}\` | ${severityOf(code as keyof typeof CODES)} | ${spec.category} | ${cell(spec.en)} | ${cell(spec.zh)} |`,
  );
  return [
    '# Diagnostics',
    '',
    'Every diagnostic the kernel emits, generated from `src/kernel/diagnostics/codes.ts`',
    '(`npm run docs:diagnostics`). Codes are stable: `E` errors (the document does not load),',
    '`W` warnings, `I` information. `{name}` marks a value filled in at the point of use.',
    'Rulings behind many of them are in [interpretations.md](interpretations.md).',
    'The Chinese messages quote names and values with “” and put no space beside them; ASCII quotes',
    'appear only in YAML the user types (`when: "true"`); `tests/diagnostics-catalogue.test.ts`',
    'checks it.',
    '',
    '| code | severity | category | message | 消息 |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DOC_PATH, diagnosticsDoc());
  console.log(`wrote ${DOC_PATH}`);
}
