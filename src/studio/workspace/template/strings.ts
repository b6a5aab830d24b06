import { defineStrings } from '../../i18n/format';

/**
 * The texts of the New document template (files.ts skeletonText) in the UI language: a Chinese
 * session starts from a document whose comment, descriptions and message are Chinese. Names,
 * keywords and values (COD-001-example, tool.name, run_tests) are the format's, not translated.
 */
export const templateStrings = defineStrings({
  en: {
    comment: 'A new rule set: describe what it guards here.',
    description: 'Describe the rule set',
    ruleDescription: 'Describe the rule',
    message: 'Running the tests is allowed',
  },
  zh: {
    comment: '新规则集：请在此说明它守护的内容。',
    description: '请描述此规则集',
    ruleDescription: '请描述此规则',
    message: '允许运行测试',
  },
});
