import type { CompileResult, Diagnostic, SourceText } from '../kernel';
import { canonicalJson } from '../kernel';
import { text } from './strings';

/**
 * `FILE:LINE:COL: error|warning CODE message` — the one diagnostic line format of the command
 * (LINE/COL 1-based; COL counts UTF-16 code units, as the kernel's SourceText does). FILE is the
 * path exactly as given on the command line; the message is the English text, kept on one line.
 */
export function formatDiagnostic(
  file: string,
  source: SourceText,
  d: Diagnostic,
  lang?: 'en' | 'zh',
): string {
  const { line, column } = source.position(d.range.start);
  // `--lang zh` (or a zh locale): the severity and message in Chinese, the rest as it is.
  const zh = lang === 'zh';
  const message = (zh ? d.message.zh : d.message.en).replace(/\r\n|[\r\n]/g, ' ');
  const severity =
    zh && (d.severity === 'error' || d.severity === 'warning')
      ? text(`diagnostic.${d.severity}`).zh
      : d.severity;
  return `${file}:${line}:${column}: ${severity} ${d.code} ${message}`;
}

/** The diagnostics the command prints: errors and warnings, in the kernel's order (no infos). */
export function printableDiagnostics(result: CompileResult): Diagnostic[] {
  return result.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
}

export function diagnosticLines(file: string, result: CompileResult, lang?: 'en' | 'zh'): string[] {
  return printableDiagnostics(result).map((d) => formatDiagnostic(file, result.source, d, lang));
}

/**
 * A JSON object whose keys keep the given order (rule names in definition order: building it with
 * JSON.stringify on a JS object would move integer-like names first). Values are JSON texts.
 */
export function orderedObject(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** Same, pretty-printed with 2-space indentation; `values` are already-indented JSON texts. */
export function orderedObjectPretty(entries: readonly (readonly [string, string])[]): string {
  if (entries.length === 0) return '{}';
  const body = entries
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${v.replace(/\n/g, '\n  ')}`)
    .join(',\n');
  return `{\n${body}\n}`;
}

/**
 * A canonical value (docs/canonical-form.md) pretty-printed with 2-space indentation. Key order is
 * the canonical one (RFC 8785): tree objects have no integer-like keys, so re-parsing keeps it.
 */
export function prettyCanonical(value: unknown): string {
  return JSON.stringify(JSON.parse(canonicalJson(value)), null, 2);
}
