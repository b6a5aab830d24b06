import { openRefundEvaluate } from '../support/evaluate-panel';
import { VIEWPORTS } from '../support/journey';
import { expect, test } from '../support/test';

/**
 * The developer pastes a JSON fact into the Evaluate panel's fact box and misses its last `}`. The
 * studio said "YAML syntax error: a line here is neither "key: value" nor a list item" — true of
 * YAML, of which JSON is a part, and no help: a fact that opens as JSON now gets JSON's reason at
 * the place it stops (a "," or "}" expected at the end of the fact), and still no decision. Adding
 * the brace evaluates it. In English and Chinese, at 1440×900 and 1024×700; screenshots in
 * /tmp/shots-journeys/fact-json/.
 */
const WORDS = {
  en: 'Could not read fact: line 1, column 60: JSON syntax error: unexpected end of the fact, expected "," or "}"',
  zh: '无法读取事实：第 1 行第 60 列：JSON 语法错误：事实意外结束，应为“,”或“}”',
} as const;

const FACT = '{"tool": {"name": "issue_refund", "args": {"amount": 6000}}';

for (const lang of ['en', 'zh'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`a JSON fact missing its last brace gets JSON's reason, no decision (${lang}, ${viewport.width})`, async ({
      page,
    }) => {
      await openRefundEvaluate(page, lang);
      await page.setViewportSize(viewport);
      const evaluation = page.getByTestId('evaluation');
      await page.getByTestId('fact-input').fill(FACT);
      await expect(evaluation.getByTestId('input-error')).toHaveText(WORDS[lang]);
      await expect(evaluation.getByTestId('decision')).toHaveCount(0);
      await evaluation.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `/tmp/shots-journeys/fact-json/${lang}-${viewport.width}-missing-brace.png`,
      });
      await page.getByTestId('fact-input').fill(`${FACT}}`);
      await expect(evaluation.getByTestId('decision')).toContainText('REQUEST_HUMAN');
      await expect(evaluation.getByTestId('input-error')).toHaveCount(0);
    });
  }
}
