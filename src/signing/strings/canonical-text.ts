import type { Bilingual } from '../../kernel';

/** The messages of src/signing/canonical-text.ts, English and Chinese. */
export const CANONICAL_TEXT_STRINGS = {
  beginsByteOrderMark: {
    en: 'it begins with a byte-order mark (U+FEFF, bytes EF BB BF); ERDL writes UTF-8 without one',
    zh: '以字节顺序标记（U+FEFF，字节 EF BB BF）开头；ERDL 写出的 UTF-8 不带该标记',
  },
  lineColumn: {
    en: 'line {line}, column {column}',
    zh: '第 {line} 行第 {column} 列',
  },
  space: {
    en: 'a space',
    zh: '空格',
  },
  tab: {
    en: 'a tab',
    zh: '制表符',
  },
  lineBreak: {
    en: 'a line break',
    zh: '换行',
  },
  carriageReturn: {
    en: 'a carriage return',
    zh: '回车符',
  },
  textAfterJsonValue: {
    en: 'text after the JSON value at {where}',
    zh: '{where}在 JSON 值之后还有文本',
  },
  notJson: {
    en: 'not JSON at {at}',
    zh: '{at}不是 JSON',
  },
  stringHoldsLoneSurrogate: {
    en: 'the string at {at} holds a lone surrogate (not Unicode text)',
    zh: '{at}的字符串含孤立代理项（不是 Unicode 文本）',
  },
  memberComesAfterCanonical: {
    en: 'member {value} at {at} comes after {last}: canonical JSON (RFC 8785) orders members by UTF-16 code units, {value} first',
    zh: '{at}的成员{value}排在{last}之后：规范 JSON（RFC 8785）按 UTF-16 码元排序成员，{value}在前',
  },
  memberNameNotWritten: {
    en: 'the member name at {at} is not written in its canonical form ({canonical})',
    zh: '{at}的成员名不是规范写法（{canonical}）',
  },
  stringNotWrittenCanonical: {
    en: 'the string at {at} is not written in its canonical form (RFC 8785 escapes only what it must: {canonical})',
    zh: '{at}的字符串不是规范写法（RFC 8785 只转义必须转义的字符：{canonical}）',
  },
  text: {
    en: '{path} ({at}): {extra}',
    zh: '{path}（{at}）：{extra}',
  },
  valueCannotWrittenCanonical: {
    en: 'the value {raw} at {at} cannot be written as canonical JSON',
    zh: '{at}的值{raw}无法写成规范 JSON',
  },
  numberNotCanonicalForm: {
    en: 'the number {raw} at {where} is not in its canonical form ({canonical})',
    zh: '{where}的数字{raw}不是规范写法（{canonical}）',
  },
  doesNotEndLine: {
    en: 'it does not end with a line break (ERDL ends the file with exactly one "\\n")',
    zh: '结尾没有换行（ERDL 写出的文件以恰好一个“\\n”结尾）',
  },
  base64WhitespaceLineBreak: {
    en: 'base64 with whitespace or a line break inside (character {value}); ERDL writes it on one line, without spaces',
    zh: 'base64 内含空白或换行（第 {value} 个字符）；ERDL 写出的 base64 在一行内且不含空格',
  },
  base64UrlSafeAlphabet: {
    en: 'base64 in the URL-safe alphabet ("{value}" at character {value2}); ERDL writes the standard alphabet ("+" and "/")',
    zh: 'base64 使用了 URL 安全字母表（第 {value2} 个字符为“{value}”）；ERDL 写出的是标准字母表（“+”和“/”）',
  },
  notBase64Character: {
    en: 'not base64: {value} at character {value2}',
    zh: '不是 base64：第 {value2} 个字符为{value}',
  },
  base64InsideMoreThan: {
    en: 'base64 with "=" inside or more than two "=" at its end',
    zh: 'base64 中间含“=”，或末尾多于两个“=”',
  },
  base64WithoutPaddingErdl: {
    en: 'base64 without padding; ERDL pads it with "=" to a multiple of 4 characters',
    zh: 'base64 缺少填充；ERDL 用“=”将其补足到 4 的倍数个字符',
  },
  base64LengthThatNot: {
    en: 'base64 of a length that is not possible ({length} characters)',
    zh: 'base64 长度不可能成立（{length} 个字符）',
  },
  base64WhoseLastCharacter: {
    en: 'base64 whose last character has non-zero unused low bits (a second spelling of the same bytes)',
    zh: 'base64 最后一个字符的未用低位不为零（同一字节的另一种写法）',
  },
  notCanonicalBase64Bytes: {
    en: 'not the canonical base64 of its bytes',
    zh: '不是其字节的规范 base64',
  },
  endsByteBeforeCanonical: {
    en: 'it ends at byte {value}, before the canonical text does ({length} bytes)',
    zh: '在第 {value} 个字节处结束，比规范文本（{length} 字节）短',
  },
  goesAfterCanonicalText: {
    en: 'it goes on after the canonical text ends (byte {value} of {length})',
    zh: '规范文本结束后仍有内容（第 {value} 个字节，共 {length} 字节）',
  },
  byteCanonicalTextHas: {
    en: 'byte {value} is {hex}, the canonical text has {hex2} there',
    zh: '第 {value} 个字节为 {hex}，规范文本在此处为 {hex2}',
  },
  cannotWrittenCanonicalJson: {
    en: 'it cannot be written as canonical JSON',
    zh: '无法写成规范 JSON',
  },
  whitespaceOutsideStrings: {
    en: '{name} at {where}: canonical JSON (RFC 8785) has no whitespace outside strings{after}',
    zh: '{where}有{name}：规范 JSON（RFC 8785）在字符串之外不含空白{after}',
  },
  nothingAfterValue: {
    en: ' and nothing after the value but the final line break',
    zh: '，值之后只有结尾的一个换行',
  },
  memberTwiceAtTop: {
    en: 'member {member} appears twice in the top-level object (the second at {at})',
    zh: '顶层对象中成员{member}出现两次（第二次在{at}）',
  },
  memberTwiceIn: {
    en: 'member {member} appears twice in {path} (the second at {at})',
    zh: '{path} 中成员{member}出现两次（第二次在{at}）',
  },
} as const satisfies Record<string, Bilingual>;
