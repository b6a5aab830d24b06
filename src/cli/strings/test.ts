import type { Bilingual } from '../../kernel';

/** The words of `erdl test`: its help and messages, English and Chinese. */
export const TEST_STRINGS = {
  formatOption: {
    en: 'output format (default table; junit and tap for CI)',
    zh: '输出格式（默认 table；junit 与 tap 供 CI 使用）',
  },
  summary: {
    en: 'run a fact suite (expected decisions, coverage, within/rate sequences)',
    zh: '运行事实测试集（预期决策、覆盖率、within/rate 序列）',
  },
  formatMust: {
    en: '--format must be {formats}, not {value}',
    zh: '--format 只能是 {formats}，而不是{value}',
  },
  suiteCannotRun: {
    en: 'the suite cannot run',
    zh: '测试集无法运行',
  },
  notValidUtf8: {
    en: '{file}: not valid UTF-8',
    zh: '{file}：不是有效的 UTF-8',
  },
  noFacts: {
    en: '{file}: no facts',
    zh: '{file}：没有事实',
  },
  errorSuiteNothingWas: {
    en: '{file}: {errors} error(s) in the suite; nothing was run',
    zh: '{file}：测试集有 {errors} 个错误；未运行',
  },
  // The table `erdl test` prints (English byte for byte as before; Chinese under --lang zh).
  tableTitleNamed: { en: 'suite "{suite}" — ruleset {hash}', zh: '测试集“{suite}”——规则集 {hash}' },
  tableTitleFile: { en: 'suite {file} — ruleset {hash}', zh: '测试集 {file}——规则集 {hash}' },
  statusPass: { en: 'PASS', zh: '通过' },
  statusFail: { en: 'FAIL', zh: '未通过' },
  statusUnchecked: { en: '----', zh: '----' },
  mismatch: { en: '{mismatch}  ({where})', zh: '{mismatch}（{where}）' },
  warning: { en: 'warning {code}{rule}: {message}', zh: '警告 {code}{rule}：{message}' },
  cases: { en: 'cases:', zh: '测试用例：' },
  sequence: { en: 'sequence "{name}": {status}', zh: '序列“{name}”：{status}' },
  window: {
    en: '{kind} {window} ({rules}): {count}/{limit}{atLimit}{counted}',
    zh: '{kind} {window}（{rules}）：{count}/{limit}{atLimit}{counted}',
  },
  atLimit: { en: ' at limit', zh: '，已达上限' },
  counted: { en: ', counted', zh: '，已计入' },
  rulesHeading: { en: 'rules (matched / decided):', zh: '规则（匹配次数 / 决定次数）：' },
  disabled: { en: '  disabled', zh: '  已停用' },
  neverMatched: { en: '  never matched', zh: '  从未匹配' },
  coverage: {
    en: 'coverage: {matched}/{enabled} enabled rules matched{uncovered}',
    zh: '覆盖率：已启用的 {enabled} 条规则中有 {matched} 条被匹配{uncovered}',
  },
  uncovered: { en: '; never matched: {rules}', zh: '；从未匹配：{rules}' },
  decisions: { en: 'decisions: {decisions}', zh: '决策分布：{decisions}' },
  totals: {
    en: '{passed} passed, {failed} failed, {unchecked} unchecked',
    zh: '通过 {passed} 个，未通过 {failed} 个，未检查 {unchecked} 个',
  },
  listSeparator: { en: ', ', zh: '、' },
  decisionSeparator: { en: ', ', zh: '，' },
} as const satisfies Record<string, Bilingual>;
