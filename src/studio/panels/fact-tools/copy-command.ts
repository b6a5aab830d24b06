/**
 * "Copy as command" (issue #40 point 5): the shell command that reproduces the Evaluate panel's
 * evaluation with the `erdl` CLI — the saved rule file, the fact on standard input (`eval RULES -`)
 * and the same `--as-of` (and `--state`, written to a file first). POSIX sh: dash, bash and zsh run
 * it as written; npx runs the erdl of the folder it runs in (`--no`: never a download).
 *
 * Every text goes through `printf`'s format string inside single quotes, which the shell passes as
 * is (a quote is written `'\''`); printf then turns `%%` and `\\` back into `%` and `\`, and octal
 * escapes (`\342\200\256`) into the bytes of the characters a reader must see — bidi controls,
 * invisible and control characters (kernel/util/visible-text.ts) — so the command on screen and on
 * the clipboard holds none of them raw, yet prints the fact byte for byte. Tab and carriage return
 * are `\t` and `\r`; line breaks stay line breaks (inside the quotes); other non-ASCII text (a
 * Chinese value) stays as written. Linear in the text.
 */
import { revealInline } from '../../../kernel/util/visible-text';

/** Characters a shell word may hold bare: nothing the shell expands, splits or globs. */
const BARE = /^[A-Za-z0-9_./:+,@-]+$/;

const encoder = new TextEncoder();

/** Whether the character must be written as an escape (a reader could not see it as it is). */
function hidden(ch: string): boolean {
  return ch !== '\n' && revealInline(ch) !== ch;
}

function octal(ch: string): string {
  if (ch === '\t') return '\\t';
  if (ch === '\r') return '\\r';
  return [...encoder.encode(ch)].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('');
}

/**
 * A printf format, single-quoted, that prints `text` exactly: `'…'` with `%` as `%%`, `\` as `\\`,
 * a quote as `'\''` and hidden characters as escapes.
 */
export function printfFormat(text: string): string {
  let out = "'";
  for (const ch of text) {
    if (ch === "'") out += "'\\''";
    else if (ch === '%') out += '%%';
    else if (ch === '\\') out += '\\\\';
    else if (hidden(ch)) out += octal(ch);
    else out += ch;
  }
  return `${out}'`;
}

/**
 * One shell argument that is exactly `text`: bare when only safe characters, single-quoted when it
 * holds nothing hidden, else `"$(printf '…')"` (an argument has no line break at its end, which
 * the substitution would drop: file names and instants never do). A leading `-` gets `./` when
 * `path`, so the CLI reads a file name, not an option.
 */
export function shellArg(text: string, path = false): string {
  const safe = path && text.startsWith('-') ? `./${text}` : text;
  if (BARE.test(safe)) return safe;
  if (![...safe].some(hidden) && !safe.endsWith('\n')) return `'${safe.replaceAll("'", "'\\''")}'`;
  return `"$(printf ${printfFormat(safe)})"`;
}

export interface EvalCommandInputs {
  /** The file the document is saved as (`refund.erdl.yaml`). */
  readonly fileName: string;
  /** The fact box's text, evaluated as written (YAML or JSON). */
  readonly fact: string;
  readonly asOf: string;
  /** within/rate state as YAML/JSON text; empty for none. */
  readonly temporalState: string;
}

/** The state file the command writes when there is state: beside the rule file, named after it. */
export function stateFileName(fileName: string): string {
  return `${fileName.replace(/\.erdl\.yaml$/, '')}.state.yaml`;
}

/**
 * The command: `printf '<fact>' | npx --no erdl eval <file> - --as-of <as_of>`, preceded by the
 * line that writes the state file when there is state. `--no`: npx runs the erdl installed where
 * the command runs and never downloads a package — with standard input a pipe npx would otherwise
 * assume "yes" and install whatever the registry calls `erdl`.
 */
export function evalCommand(inputs: EvalCommandInputs): string {
  const file = shellArg(inputs.fileName, true);
  const asOf = shellArg(inputs.asOf);
  const lines: string[] = [];
  let state = '';
  if (inputs.temporalState.trim() !== '') {
    const stateFile = shellArg(stateFileName(inputs.fileName), true);
    lines.push(`printf ${printfFormat(inputs.temporalState)} > ${stateFile}`);
    state = ` --state ${stateFile}`;
  }
  lines.push(
    `printf ${printfFormat(inputs.fact)} | npx --no erdl eval ${file} - --as-of ${asOf}${state}`,
  );
  return lines.join('\n');
}

/** Whether the command writes some of the inputs' characters as escapes (the panel says so). */
export function hasEscapes(inputs: EvalCommandInputs): boolean {
  return [inputs.fileName, inputs.fact, inputs.asOf, inputs.temporalState].some((text) =>
    [...text].some(hidden),
  );
}
