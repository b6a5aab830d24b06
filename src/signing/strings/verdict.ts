import type { Bilingual } from '../../kernel';

/** The messages of src/signing/verdict.ts, English and Chinese. */
export const VERDICT_STRINGS = {
  signedManifestCannotRead: {
    en: 'the signed manifest cannot be read',
    zh: '无法读取签名清单',
  },
  signedRuleFileWas: {
    en: 'the signed rule file was not found beside its signature',
    zh: '签名文件旁未找到被签名的规则文件',
  },
  textNoLongerLoads: {
    en: 'the text no longer loads: {code} {message}',
    zh: '文本已无法加载：{code} {message}',
  },
  textNoLongerLoadsNoDetail: {
    en: 'the text no longer loads',
    zh: '文本已无法加载',
  },
  signedUnchanged: {
    en: 'Signed, unchanged',
    zh: '已签名，未改动',
  },
  signedCheckingCurrentText: {
    en: 'Signed — checking the current text…',
    zh: '已签名——正在核对当前文本…',
  },
  notVerifiedBadSignature: {
    en: 'NOT verified — bad signature',
    zh: '未通过验证——签名无效',
  },
  notVerifiedSignerNot: {
    en: 'NOT verified — signer not trusted',
    zh: '未通过验证——签名者不受信任',
  },
  notVerifiedRequirementNot: {
    en: 'NOT verified — requirement not met',
    zh: '未通过验证——未满足要求',
  },
  changedSinceSignedChecking: {
    en: 'Changed since signed — checking which rules…',
    zh: '签名后已改动——正在核对哪些规则不同…',
  },
  changedSinceSigned: {
    en: 'Changed since signed',
    zh: '签名后已改动',
  },
  changedSinceSigned3: {
    en: 'Changed since signed — {c}',
    zh: '签名后已改动——{c}',
  },
  currentTextExactlyWhat: {
    en: 'The current text is exactly what was signed: its document hash and bytes equal the signed manifest’s. The signer {keyId} was not judged (no trusted keys given).',
    zh: '当前文本正是签名时的文本：文档哈希与字节均与签名清单一致。签名者 {keyId} 未经判断（未提供受信任的密钥）。',
  },
  hashesCurrentTextAre: {
    en: 'The hashes of the current text are being computed; the verdict follows.',
    zh: '正在计算当前文本的哈希，随后给出结论。',
  },
  badSignatureSignatureFile: {
    en: 'Bad signature: the signature file does not verify, so nothing it says (signer, hashes) can be relied on.',
    zh: '签名无效：签名文件未通过校验，其中的签名者与哈希均不可信。',
  },
  signerNotTrustedKey: {
    en: 'Signer not trusted: key {keyId} is not one of your trusted keys. Trust its public key to judge the text.',
    zh: '签名者不受信任：密钥 {keyId} 不在你的受信任密钥中。信任其公钥后才会核对文本。',
  },
  hashesDifferCurrentDocument: {
    en: 'Hashes differ: the current document hash is not the signed one; the rules that differ are being computed.',
    zh: '哈希不一致：当前文档哈希与签名时不同；正在计算哪些规则不同。',
  },
  hashesDiffer: {
    en: 'Hashes differ: {unloadable}.',
    zh: '哈希不一致：{unloadable}。',
  },
  hashesDifferNoRule: {
    en: 'Hashes differ: no rule differs, but the text is not the signed file byte for byte (comments or formatting changed).',
    zh: '哈希不一致：没有规则不同，但文本与签名文件的字节不一致（注释或格式已改动）。',
  },
  hashesDifferCurrentText: {
    en: 'Hashes differ: the current text is not what was signed.',
    zh: '哈希不一致：当前文本不是签名时的文本。',
  },
  ruleWasAddedSince: {
    en: 'rule "{name}" was added since signing',
    zh: '规则“{name}”为签名后新增',
  },
  ruleWasRemovedSince: {
    en: 'rule "{name}" was removed since signing',
    zh: '规则“{name}”在签名后被删除',
  },
  rulesWereReorderedSince: {
    en: 'rules were reordered since signing',
    zh: '规则顺序自签名后已改动',
  },
  fallbackDecisionChangedFrom: {
    en: 'the fallback decision changed from {before} to {after}',
    zh: '兜底决策由 {before} 改为 {after}',
  },
  rulesDiffer: {
    en: '{n} {n:rule differs|rules differ}',
    zh: '{n} 条规则不同',
  },
  notVerifiedReturned: {
    en: 'NOT verified — the reviewer returned it for changes{comment}',
    zh: '未通过验证——审核人已退回修改{comment}',
  },
  notVerifiedRolesMissing: {
    en: 'NOT verified — required {n:role|roles} missing: {roles}',
    zh: '未通过验证——缺少必需的签名身份：{roles}',
  },
  signedByTrustedKey: {
    en: 'Signed by a trusted key ({signer}); the current text is exactly what was signed: its document hash and bytes equal the signed manifest’s.',
    zh: '由受信任的密钥（{signer}）签名；当前文本正是签名时的文本：文档哈希与字节均与签名清单一致。',
  },
  requirementNotHeld: {
    en: 'A requirement does not hold: {problems}. Each required role needs a valid signature by a trusted key, the author and the reviewer by different keys.',
    zh: '有要求未满足：{problems}。每个必需的签名身份都需要受信任密钥的有效签名，且作者与审核人须为不同密钥。',
  },
  ruleChanged: {
    en: 'rule "{name}" changed since signing ({what})',
    zh: '规则“{name}”自签名后已改动（{what}）',
  },
  itsCondition: {
    en: 'its condition',
    zh: '条件',
  },
  itsDecisionTexts: {
    en: 'its decision, texts or ordering',
    zh: '决策、文本或排序字段',
  },
} as const satisfies Record<string, Bilingual>;
