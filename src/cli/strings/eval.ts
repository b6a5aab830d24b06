import type { Bilingual } from '../../kernel';
import { RESULT_FIELDS } from '../batch/fields';
import type { HelpDetails } from './help';

/** The words of `erdl eval` and its `--facts` batch: option summaries and messages. */
export const EVAL_STRINGS = {
  summary: { en: 'evaluate a fact against a rule document', zh: '用规则文档对事实求值' },
  factsOption: {
    en: 'evaluate every fact of a fact set, one JSON line each, on all cores',
    zh: '对事实集中的每条事实求值，每条输出一行 JSON，使用全部 CPU 核',
  },
  fieldsOption: {
    en: 'with --facts: the result fields to print, in this order',
    zh: '配合 --facts：要输出的结果字段及其顺序',
  },
  workersOption: {
    en: 'with --facts: worker threads, 1 to 64 (default: one per core; a file of at most 256 KiB is evaluated without workers)',
    zh: '配合 --facts：工作线程数，1 到 64（默认每个 CPU 核一个；不超过 262,144 字节的文件不启用工作线程）',
  },
  asOfOption: { en: 'evaluation instant (UTC)', zh: '求值时刻（UTC）' },
  stateOption: {
    en: 'within/rate state from the previous event',
    zh: '上一事件的 within/rate 状态',
  },
  factOrFacts: {
    en: 'eval needs exactly one of FACT or --facts FACTS.jsonl|.csv',
    zh: 'eval 需要 FACT 或 --facts FACTS.jsonl|.csv 二者之一',
  },
  needsFacts: { en: '{option} needs --facts', zh: '{option} 需要配合 --facts 使用' },
  badAsOf: {
    en: '--as-of {value} is not an ISO 8601 instant',
    zh: '--as-of{value}不是 ISO 8601 时刻',
  },
  badState: { en: '{file}: {message}', zh: '{file}：{message}' },
  noAsOfWarning: {
    en: 'erdl: warning: no --as-of given; within/rate windows are counted at {asOf}',
    zh: 'erdl：警告：未指定 --as-of；within/rate 窗口按 {asOf} 计算',
  },
  factsFormat: {
    en: '--format {value}: jsonl or csv',
    zh: '--format{value}：须为 jsonl 或 csv',
  },
  factsUnknownFormat: {
    en: '{file}: --facts reads JSON Lines (.jsonl, .ndjson) or CSV (.csv); name the format with --format jsonl|csv',
    zh: '{file}：--facts 只读取 JSON Lines（.jsonl、.ndjson）或 CSV（.csv）；可用 --format jsonl|csv 指定格式',
  },
  unknownFields: {
    en: '--fields: unknown field(s) {unknown}; fields are {fields}',
    zh: '--fields：未知字段{unknown}；可用字段为 {fields}',
  },
  badWorkers: {
    en: '--workers {value}: a whole number from 1 to 64 (each worker is a thread with its own memory)',
    zh: '--workers{value}：须为 1 到 64 的整数（每个工作线程各占一份内存）',
  },
  notUtf8: { en: '{file}: not valid UTF-8', zh: '{file}：不是有效的 UTF-8' },
  notUtf8At: {
    en: '{file}: not valid UTF-8 at byte {byte}',
    zh: '{file}：第 {byte} 字节处不是有效的 UTF-8',
  },
  stopped: { en: '{file}: evaluation stopped: {detail}', zh: '{file}：求值中止：{detail}' },
  outputClosed: {
    en: '{file}: standard output was closed by its reader after {written} result line(s); the remaining facts were not evaluated',
    zh: '{file}：标准输出在写出 {written} 行结果后被读取方关闭；其余事实未求值',
  },
  noLineBreak: {
    en: '{file}: from byte {from} on, more than {limitText} without a line break: a fact set has one record per line, so this is none (a device, a binary file); reading stopped',
    zh: '{file}：从第 {from} 字节起，超过 {limitText} 没有换行：事实集每行一条记录，这不是事实集（可能是设备或二进制文件）；已停止读取',
  },
  outputFailed: {
    en: '{file}: cannot write standard output ({reason}): the results printed are incomplete and the remaining facts were not evaluated',
    zh: '{file}：无法写入标准输出（{reason}）：已输出的结果不完整，其余事实未求值',
  },
  rejectedLinesOne: { en: 'line {lines}{more}', zh: '第 {lines} 行{more}' },
  rejectedLinesMany: { en: 'lines {lines}{more}', zh: '第 {lines} 行{more}' },
  rejectedMore: { en: ', …', zh: '等' },
  listSeparator: { en: ', ', zh: '、' },
  rejected: {
    en: '{file}: {rejected} of {records} record(s) could not be read ({lines}); each has an error record in its place in the output',
    zh: '{file}：{records} 条记录中有 {rejected} 条无法读取（{lines}）；输出中每条都以一条错误记录占位',
  },
  progress: {
    en: 'erdl eval: {rows} facts, {rate} facts/s',
    zh: 'erdl eval：已求值 {rows} 条事实，每秒 {rate} 条',
  },
  problem: {
    en: '{file}:{line}:{column}: {severity} {code} {message}',
    zh: '{file}:{line}:{column}：{code} {message}',
  },
} as const satisfies Record<string, Bilingual | { en: string }>;

/** Help text lines of at most `width` characters, broken between words. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** What `erdl help eval` prints under the options; `asOf` is the instant used without --as-of. */
export function evalHelp(asOf: string): HelpDetails {
  return {
    en: [
      'FACT is YAML, or JSON when its name ends in .json; a top-level mapping whose only key is',
      '"fact" is unwrapped. The fact must be a mapping ({} is one): empty input, null, a list or',
      'a scalar is refused (exit 2). Numbers keep every digit (9007199254740993 stays exact).',
      'Prints one JSON object: decision, matched_rules, unless_exemptions, primary_instruction,',
      'primary_reason, primary_explanation, primary_correction, total_evaluated, total_matched,',
      'temporal_state (when any window holds state; pass it back with --state), eval_warnings,',
      'ruleset_hash, result_hash.',
      `Without --as-of the evaluation instant is ${asOf}.`,
      'With --facts FILE instead of FACT: JSON Lines or CSV (by extension, or --format; - reads',
      'standard input); a row is a bare fact or a case with name/fact/as_of/expect. Prints one',
      'compact JSON object per fact, in input order, in constant memory, on --workers threads.',
      "A row's as_of overrides --as-of; --state applies to every row (no state is carried",
      'between rows). --fields picks from name (the case\'s name, "line N" for a bare fact),',
      ...wrap(`${RESULT_FIELDS.join(', ')}.`, 92),
      'Exactly one output line per record (blank lines are not records): a record that cannot',
      'be read gets {"line":N,"error":{"code","line","column","message":{"en","zh"}}} in its',
      'place (--fields does not apply; "last_line" when a CSV record spans lines), its problem',
      'goes to stderr (file:line:column), and after the last line the command exits 2. A',
      'progress line is shown on stderr only when it is a terminal.',
      'FACT - reads the one fact from standard input (YAML, or JSON: JSON is YAML).',
      'With --explain: why each rule matched or not, as text in the --lang language (both',
      'without one), or with --format json as data (public/schema/erdl-explanation.schema.json).',
      'Exits 0 when evaluated, whatever the decision; 1 when the rules do not load; 2 when FACT',
      'cannot be read or parsed (diagnostics on stderr).',
    ],
    zh: [
      'FACT 为 YAML；文件名以 .json 结尾时为 JSON。若顶层映射只有一个键“fact”，则取其值作为事实。事实必须是映射（{} 也算）：空输入、`null`、列表或标量均被拒绝（退出码 2）。数字保留全部位数（9007199254740993 保持精确）。',
      '输出一个 JSON 对象，字段为：decision、matched_rules、unless_exemptions、primary_instruction、primary_reason、primary_explanation、primary_correction、total_evaluated、total_matched、temporal_state（有时间窗持有状态时输出；可用 --state 传回）、eval_warnings、ruleset_hash、result_hash。',
      `未指定 --as-of 时，求值时刻为 ${asOf}。`,
      '以 --facts FILE 代替 FACT 时：读取 JSON Lines 或 CSV 格式的事实集（按扩展名判断，或用 --format 指定；FILE 为 - 时读取标准输入）；每行是一条事实，或一个含 name/fact/as_of/expect 的测试用例。按输入顺序对每条事实输出一个紧凑的 JSON 对象，内存占用恒定，由 --workers 个线程并行求值。',
      `行中的 as_of 优先于 --as-of；--state 作用于每一行（行与行之间不传递状态）。--fields 可选的字段为 name（测试用例的名称；单纯的事实为“line N”）以及 ${RESULT_FIELDS.join('、')}。`,
      '每条记录恰好输出一行（空行不算记录）：无法读取的记录在其位置输出 {"line":N,"error":{"code","line","column","message":{"en","zh"}}}（不受 --fields 影响；CSV 记录跨行时另有“last_line”），问题以 file:line:column 的格式输出到标准错误，命令在输出最后一行后以退出码 2 结束。仅当标准错误是终端时才显示进度行。',
      'FACT 为 - 时从标准输入读取这一条事实（YAML 或 JSON；JSON 也是 YAML）。',
      '指定 --explain 时：说明每条规则为何匹配或不匹配，以 --lang 指定的语言输出文本（未指定时中英文都输出）；加 --format json 时输出数据（public/schema/erdl-explanation.schema.json）。',
      '求值完成时退出码为 0（与决策无关）；规则无法加载时为 1；FACT 无法读取或解析时为 2（诊断输出到标准错误）。',
    ],
  };
}
