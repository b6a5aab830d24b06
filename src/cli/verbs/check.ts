import { EXIT_INVALID, EXIT_OK } from '../exit-codes';
import { compileFile } from '../load-document';
import { diagnosticLines } from '../printer';
import type { Verb } from './verb';

export const check: Verb = {
  name: 'check',
  stdout: 'text',
  args: ['RULES'],
  summary: { en: 'validate a rule document', zh: '校验规则文档' },
  details: [
    'Prints one line per error or warning: FILE:LINE:COL: error|warning CODE message',
    'Exits 0 when the document loads (warnings allowed), 1 when it has load errors.',
  ],
  async run(io, [file]) {
    const compiled = await compileFile(io, file as string);
    if (!compiled.ok) return compiled.code;
    for (const line of diagnosticLines(file as string, compiled.result)) io.out(line);
    return compiled.result.ok ? EXIT_OK : EXIT_INVALID;
  },
};
