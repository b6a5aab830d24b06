import { version } from '../../../package.json';
import type { CompileResult } from '../../kernel';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import type { CliIo } from '../io';
import { compileFile } from '../load-document';
import { printError, usageError } from '../messages';
import { diagnosticLines, printableDiagnostics } from '../printer';
import { quoted, text } from '../strings';
import { HELP } from '../strings/help';
import type { Verb } from './verb';

const FORMATS = ['text', 'json', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

export const check: Verb = {
  name: 'check',
  stdout: (options) =>
    options['--format'] === 'json' || options['--format'] === 'sarif' ? 'json' : 'text',
  args: ['RULES'],
  options: [{ name: '--format', value: 'text|json|sarif', summary: text('check.format') }],
  summary: text('check.summary'),
  details: HELP.check,
  async run(io, [file], options) {
    const format = (options['--format'] ?? 'text') as Format;
    if (!FORMATS.includes(format)) {
      printError(
        io,
        usageError(text('format.bad', { formats: 'text|json|sarif', ...quoted(format) })),
      );
      return EXIT_USAGE;
    }
    const compiled = await compileFile(io, file as string);
    if (!compiled.ok) return compiled.code;
    const { result } = compiled;
    if (format === 'json') io.out(JSON.stringify(checkJson(file as string, result), null, 2));
    else if (format === 'sarif')
      io.out(JSON.stringify(checkSarif(file as string, result, io), null, 2));
    else for (const line of diagnosticLines(file as string, result, io.lang)) io.out(line);
    return result.ok ? EXIT_OK : EXIT_INVALID;
  },
};

/** Each printable diagnostic with its 1-based start and end (UTF-16 columns, as the editor's). */
function positioned(result: CompileResult) {
  return printableDiagnostics(result).map((d) => {
    const start = result.source.position(d.range.start);
    const end = result.source.position(Math.max(d.range.end, d.range.start));
    return { d, start, end };
  });
}

/** `erdl check --format json`. */
export function checkJson(file: string, result: CompileResult) {
  return {
    file,
    ok: result.ok,
    diagnostics: positioned(result).map(({ d, start, end }) => ({
      code: d.code,
      severity: d.severity,
      message: { en: d.message.en, zh: d.message.zh },
      line: start.line,
      column: start.column,
      end_line: end.line,
      end_column: end.column,
    })),
  };
}

/** FILE as a URI reference: a relative path stays relative, an absolute one is a file: URI. */
function artifactUri(file: string): string {
  const encoded = file.split('/').map(encodeURIComponent).join('/');
  return file.startsWith('/') ? `file://${encoded}` : encoded;
}

/**
 * `erdl check --format sarif`: a SARIF 2.1.0 log (OASIS), as code-scanning services read it. The
 * message is English unless the command's language is Chinese (`--lang zh`, a zh locale).
 */
export function checkSarif(file: string, result: CompileResult, io: Pick<CliIo, 'lang'>) {
  const found = positioned(result);
  const codes = [...new Set(found.map(({ d }) => d.code))];
  const lang = io.lang === 'zh' ? 'zh' : 'en';
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'erdl',
            version,
            // Each code is documented in docs/diagnostics.md.
            rules: codes.map((id) => ({ id })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: found.map(({ d, start, end }) => ({
          ruleId: d.code,
          ruleIndex: codes.indexOf(d.code),
          level: d.severity === 'error' ? 'error' : 'warning',
          message: { text: d.message[lang] },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: artifactUri(file) },
                region: {
                  startLine: start.line,
                  startColumn: start.column,
                  endLine: end.line,
                  endColumn: end.column,
                },
              },
            },
          ],
        })),
      },
    ],
  };
}
