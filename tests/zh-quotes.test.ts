// Chinese messages outside the diagnostic catalogue quote names and values as the catalogue does
// (tests/diagnostics-catalogue.test.ts): “…” with no space beside it, the content as JSON shows it
// (src/kernel/util/quote.ts), a value of another type as its JSON text after a space. ASCII quotes
// stay only where the user types them (`"带引号的文本"`, `".*"`).
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/run';
import { compileDocument, Evaluator, parseSuite } from '../src/kernel';
import { parseFieldDictionary } from '../src/kernel/gloss/names';
import { readCell } from '../src/kernel/table-edit/cell-reader';
import { PAYMENTS } from '../src/kernel/test-support';
import { readEnvelope, readPublicJwk } from '../src/signing';
import { encode, memoryIo } from './signing-support';

/** The Chinese line of a CLI error (the second line on stderr). */
async function zhError(argv: string[]): Promise<string | undefined> {
  const io = memoryIo();
  await run(argv, io);
  return io.stderr[1];
}

const cellZh = (input: string, type: Parameters<typeof readCell>[1]) => {
  const read = readCell(input, type);
  return read.ok ? null : read.message.zh.split('；')[0];
};

const suiteZh = (text: string) => parseSuite(text).diagnostics.map((d) => d.message.zh);

describe('Chinese messages quote names and values with “”, no space beside them', () => {
  it('erdl: commands, options, arguments and files', async () => {
    expect(await zhError(['frobnicate'])).toBe(
      'erdl：未知命令“frobnicate”（运行“erdl --help”查看用法）',
    );
    expect(await zhError(['--bogus'])).toBe('erdl：未知选项“--bogus”（运行“erdl --help”查看用法）');
    expect(await zhError(['check', '--bogus', 'x', 'a.yaml'])).toBe(
      'erdl：“check”不支持选项“--bogus”（运行“erdl --help”查看用法）',
    );
    expect(await zhError(['help', 'check', 'extra'])).toBe(
      'erdl：多余参数“extra”（运行“erdl --help”查看用法）',
    );
    expect(await zhError(['check', 'missing.yaml'])).toBe(
      'erdl：无法读取“missing.yaml”：文件不存在',
    );
    // A control character stays visible, as JSON writes it.
    expect(await zhError(['frob\tnicate'])).toBe(
      'erdl：未知命令“frob\\tnicate”（运行“erdl --help”查看用法）',
    );
  });

  it('the grid: a cell that cannot be read names its text in “”', () => {
    expect(cellZh('abc', 'number')).toBe('“abc”不是数字（此列是数字列）');
    expect(cellZh('1,00', 'number')).toBe('“1,00”有歧义：数字中的逗号只能用作千位分隔（1,000）');
    expect(cellZh('maybe', 'boolean')).toBe('“maybe”不是是或否');
    expect(cellZh('01/02/2026', 'date')).toBe(
      '“01/02/2026”不是 YYYY-MM-DD 格式的日期（01/02/2026 可能指一月也可能指二月）',
    );
    expect(cellZh('gold', 'unknown')).toBe(
      '此列尚无类型，因此不会把“gold”猜作文本：请把此列设为文本列（在列标题中选择类型），或给该词加上引号',
    );
  });

  it('test suites: keys and values in “”; a value that is not a string after a space', () => {
    expect(suiteZh('cases:\n  - name: a\n    fact: {}\n    expect: {}\n')).toEqual([
      'cases[0].expect：缺少“decision”（预期的决策）',
    ]);
    expect(
      suiteZh('as_of: x\ncases:\n  - name: a\n    fact: {}\n    expect: {decision: 5}\n'),
    ).toEqual([
      'as_of：“x”不是 ISO 8601 时刻（例如 2026-01-15T09:00:00Z）',
      'cases[0].expect.decision：5 不是决策类型；应为 ALLOW、DENY、CORRECT、NOTIFY、REQUEST_HUMAN、ESCALATE、DELEGATE、DEFER、EMERGENCY_HALT、ROLLBACK、QUARANTINE、WORKFLOW、GUIDE 之一',
    ]);
    expect(suiteZh('cases: []\n')).toEqual([
      '测试集没有用例也没有序列：请添加至少一项“cases:”（或“sequences:”）',
    ]);
  });

  it('the evaluator: as_of in “”, or as its JSON text when a caller gives no string', () => {
    const evaluator = new Evaluator(compileDocument(PAYMENTS).document!);
    expect(evaluator.evaluate({}, { as_of: 'yesterday' }).eval_warnings[0]?.message.zh).toBe(
      'as_of“yesterday”不是 ISO 8601 时刻；within/rate 条件无法计数',
    );
    expect(evaluator.evaluate({}, {} as { as_of: string }).eval_warnings[0]?.message.zh).toBe(
      'as_of undefined 不是 ISO 8601 时刻；within/rate 条件无法计数',
    );
  });

  it('field dictionaries and signing: member names and values in “”', () => {
    expect(parseFieldDictionary({ 'a..b': 'x', c: { zh: 'y', fr: 'z' } })).toEqual({
      ok: false,
      problems: [
        {
          en: '"a..b" is not a field path (dot-separated segments, optionally ending in ".*")',
          zh: '“a..b”不是字段路径（以点分隔的段，可以“.*”结尾）',
        },
        {
          en: '"c": unknown key "fr" (only zh, en and values)',
          zh: '“c”：未知的键“fr”（只能是 zh、en 与 values）',
        },
      ],
    });
    const jwk = readPublicJwk({ kty: 1, crv: 'X' });
    expect(jwk.ok ? null : jwk.message.zh).toBe(
      '不是 Ed25519 密钥：kty 为 1，crv 为“X”（应为“OKP”、“Ed25519”）',
    );
    const envelope = readEnvelope(
      encode('{"payload":"","payloadType":"x","signatures":[],"extra\\n":1}'),
    );
    expect(envelope.ok ? null : envelope.message.zh).toBe('签名文件：未知成员“extra\\n”');
  });
});
