import { defineStrings } from '../../../i18n/format';

/**
 * The texts of the New document template (files.ts skeletonText) in the UI language: a Chinese
 * session starts from a document whose comment, descriptions and message are Chinese. Names,
 * keywords and values (COD-001-example, tool.name, run_tests) are the format's, not translated.
 * The rule's explanation takes both languages (§4.1): the template writes its zh and en lines.
 */
export const templateStrings = defineStrings({
  en: {
    comment: 'A new rule set: describe what it guards here.',
    description: 'Describe the rule set',
    ruleDescription: 'Describe the rule',
    message: 'Running the tests is allowed',
    // explanation is bilingual in every template (§4.1 string / object): both languages are written
    explanation: 'Why the rule exists, in English (the line above says it in Chinese).',
  },
  zh: {
    comment: '新规则集：请在此说明它守护的内容。',
    description: '请描述此规则集',
    ruleDescription: '请描述此规则',
    message: '允许运行测试',
    explanation: '用中文说明设立此规则的原因（下一行用英文说明）。',
  },
});
