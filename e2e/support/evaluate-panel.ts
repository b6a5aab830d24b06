import { openStudio as openStudioChecked } from './open-file';
import { expect, type Locator, type Page } from './test';

type Lang = 'en' | 'zh';

const WORDS = {
  en: { errors: '0 errors', evaluate: 'Evaluate' },
  zh: { errors: '0 个错误', evaluate: '求值' },
} as const;

/** Opens the studio in `lang` (1440×900), once its active document is checked without an error. */
export async function openStudio(page: Page, lang: Lang): Promise<void> {
  await openStudioChecked(page, lang, WORDS[lang].errors);
}

/** Opens the document whose name starts with `name` from the document list. */
export async function openDocument(page: Page, name: string): Promise<void> {
  await page
    .getByTestId('document-list')
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click();
}

/** Opens the Evaluate panel's tab. */
export async function openEvaluateTab(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('tab', { name: WORDS[lang].evaluate }).click();
}

/** Opens the studio in `lang` on the Evaluate panel of the document `name`. */
export async function openEvaluate(page: Page, lang: Lang, name: string): Promise<void> {
  await openStudio(page, lang);
  await openDocument(page, name);
  await openEvaluateTab(page, lang);
}

/**
 * Opens the studio in `lang` (1440×900) on the refund-guard example's Evaluate panel, once its
 * sample fact has evaluated (REQUEST_HUMAN).
 */
export async function openRefundEvaluate(page: Page, lang: Lang): Promise<void> {
  await openEvaluate(page, lang, 'refund-guard');
  await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
}

/**
 * What the refund rule's trace `step` and the headline say when the fact's amount is the string
 * "3000": why the rule did not match, and that the document's default decides.
 */
export async function expectAmountAsString(page: Page, step: Locator, lang: Lang): Promise<void> {
  await expect(step.getByTestId('failed-reason')).toHaveText(
    lang === 'en'
      ? 'The amount is the string "3000"; strings never compare with numbers. Did you mean 3000?'
      : '金额是字符串“3000”；字符串与数字永远无法比较。是否想写 3000？',
  );
  await expect(page.getByTestId('decision-headline')).toHaveText(
    lang === 'en'
      ? 'No rule matched; the document default ALLOW applies.'
      : '没有规则匹配：采用文档的兜底决策 ALLOW。',
  );
}
