// Issue #40 point 5, field-path completion in the fact box: the user clears the fact and types it
// again with the completion — a key offers the fields the rules read at that nesting level, each
// with its type and path; picking a mapping (`tool`) opens its block and offers its own keys
// (`name`, `args`), picking a field leaves the cursor for its value, and the fact evaluates. In
// JSON the quoted key completes inside `{"tool": {"…`, picked with the mouse. English and
// Chinese; screenshots in /tmp/shots-fact-completion.
import AxeBuilder from '@axe-core/playwright';
import { openRefundEvaluate } from './support/evaluate-panel';
import { expect, test } from './support/test';

const SHOTS = '/tmp/shots-fact-completion';

const WORDS = {
  en: {
    top: 'Fields the rules read',
    inTool: 'Fields the rules read inside tool',
    inArgs: 'Fields the rules read inside tool.args',
    holds: 'holds 2 fields',
    holdsOne: 'holds 1 field',
    number: 'number',
    string: 'string',
  },
  zh: {
    top: '规则读取的字段',
    inTool: '规则在 tool 中读取的字段',
    inArgs: '规则在 tool.args 中读取的字段',
    holds: '包含 2 个字段',
    holdsOne: '包含 1 个字段',
    number: '数字',
    string: '字符串',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  const w = WORDS[lang];

  test(`${lang}: a YAML fact typed with completion, key by key, evaluates`, async ({ page }) => {
    test.slow(); // an axe scan on a loaded machine
    await openRefundEvaluate(page, lang);
    const box = page.getByTestId('fact-input');
    await box.fill('');
    await box.click();
    const list = page.getByRole('listbox');

    await page.keyboard.type('t');
    await expect(list).toHaveAccessibleName(w.top);
    const tool = list.getByRole('option', { name: /^tool/ });
    await expect(tool).toContainText(w.holds);
    await expect(tool).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await tool.getAttribute('id'))!);
    await page.screenshot({ path: `${SHOTS}/top-${lang}.png` });
    // The open list and the box that owns it pass axe.
    const axe = await new AxeBuilder({ page }).include('.fact-input').analyze();
    expect(axe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue('tool:\n  ');

    // The mapping's own keys come next, at their level.
    await expect(list).toHaveAccessibleName(w.inTool);
    await expect(list.getByRole('option')).toHaveText([
      new RegExp(`^args tool\\.args — ${w.holdsOne}`),
      new RegExp(`^name tool\\.name — ${w.string}`),
    ]);
    await page.keyboard.type('n');
    await expect(list.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(box).toHaveValue('tool:\n  name: ');
    await expect(list).toHaveCount(0);
    await page.keyboard.type('issue_refund');
    await page.keyboard.press('Enter');
    await page.keyboard.type('  a');
    await expect(list.getByRole('option', { name: /^args/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(list).toHaveAccessibleName(w.inArgs);
    const amount = list.getByRole('option', { name: /^amount/ });
    await expect(amount).toContainText(`tool.args.amount — ${w.number}`);
    await page.screenshot({ path: `${SHOTS}/nested-${lang}.png` });
    await page.keyboard.press('Enter');
    await page.keyboard.type('8000');
    await expect(box).toHaveValue('tool:\n  name: issue_refund\n  args:\n    amount: 8000');
    await expect(page.getByTestId('evaluation')).toHaveAttribute('data-current', 'true');
    await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');

    // Esc closes the list; a value position offers nothing.
    await page.keyboard.press('Enter');
    await page.keyboard.type('  ');
    await page.keyboard.press('Control+Space');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
  });

  test(`${lang}: a JSON key completes inside its quotes, picked with the mouse`, async ({
    page,
  }) => {
    await openRefundEvaluate(page, lang);
    const box = page.getByTestId('fact-input');
    await box.fill('{"tool": {"name": "issue_refund", "args": {"');
    await box.press('End');
    await page.keyboard.type('am');
    const list = page.getByRole('listbox');
    await expect(list).toHaveAccessibleName(w.inArgs);
    await page.screenshot({ path: `${SHOTS}/json-${lang}.png` });
    await list.getByRole('option', { name: /^amount/ }).click();
    await expect(box).toHaveValue('{"tool": {"name": "issue_refund", "args": {"amount": ');
    await expect(box).toBeFocused();
    await page.keyboard.type('9000}}}');
    await expect(page.getByTestId('evaluation')).toHaveAttribute('data-current', 'true');
    await expect(page.getByTestId('decision')).toContainText('REQUEST_HUMAN');
  });
}
