// Issue 37 point 4 (gloss half) and point 3 (null): a Chinese compliance reviewer reads every
// example's gloss in the Gloss panel — one conditional pattern 若…，则…, 为 for text, thousands
// separators, 已提供 for a provided field, “为空或未提供” for a null comparison — and names a field
// that had no Chinese name with the panel's Add display name (the fix of ERDL-W901), after which
// the sentence reads the name instead of the field's path. The English reader sees the same rules
// in English. Screenshots: /tmp/shots-37/gloss/*.png.

import { zhViolations } from '../../src/kernel/gloss/typography';
import { addDocument } from '../support/studio';
import { expect, type Page, test } from '../support/test';

test.use({ viewport: { width: 1440, height: 900 } });

const SHOTS = '/tmp/shots-37/gloss';

/** A rule document the user opened: a boolean-convention field nobody named, and a null check. */
const UNNAMED = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "vip-refunds"
  decision: ALLOW
rules:
  - name: "VIP-001-fast-refund"
    description: "VIP refunds skip review"
    priority: 10
    when:
      logic: AND
      conditions:
        - field: "agent.is_vip"
          operator: exists
        - field: "tool.name"
          operator: eq
          value: "issue_refund"
    then: ALLOW
  - name: "VIP-002-no-approver"
    description: "No approver on record"
    priority: 20
    when:
      logic: AND
      conditions:
        - field: "human.id"
          operator: eq
          value: null
    then: REQUEST_HUMAN
    message: "An approver is required"
`;

type Lang = 'zh' | 'en';

/** What each example's gloss says, per rule (a few rules per example, the reviewer's cases). */
const SENTENCES: Record<Lang, Record<string, Record<string, string>>> = {
  zh: {
    'refund-guard': {
      'SEC-001-refund-limit': '若工具名称为“issue_refund”且金额超过 5,000，则需人工裁决',
    },
    'aml-screening': {
      'AML-003-cash-report': '若交易渠道为“cash”且金额超过 10,000，则发出通知',
    },
    'loan-decision-table': {
      'fair-small-loan': '若信用评分介于 580 与 699 之间且贷款金额不超过 5,000，则升级处理',
      default: '其余情况，一律拦截',
    },
    'margin-expression': {
      'CMP-001-low-margin': '若工具名称为“create_quote”且（售价－成本）÷售价低于 15%，则需人工裁决',
    },
    'coding-agent-guard': {
      'SEC-102-write-outside-project':
        '若工具名称为“write_file”且文件路径不以“/workspace/”开头，则需人工裁决',
    },
  },
  en: {
    'refund-guard': {
      'SEC-001-refund-limit':
        'When the tool name is "issue_refund" and the amount is greater than 5,000, human approval is required',
    },
    'aml-screening': {
      'AML-003-cash-report':
        'When the channel is "cash" and the amount is greater than 10,000, a notification is sent',
    },
    'loan-decision-table': {
      'fair-small-loan':
        'When credit score is between 580 and 699 and loan amount is less than or equal to 5,000, the matter is escalated',
      default: 'Otherwise, the operation is blocked',
    },
    'margin-expression': {
      'CMP-001-low-margin':
        'When the tool name is "create_quote" and (the sale price minus the cost) divided by the sale price is less than 15%, human approval is required',
    },
    'coding-agent-guard': {
      'SEC-102-write-outside-project':
        'When the tool name is "write_file" and the file path does not start with "/workspace/", human approval is required',
    },
  },
};

const UI = {
  zh: { tab: '释义', errors: '0 个错误', addName: '添加显示名', save: '保存' },
  en: { tab: 'Gloss', errors: '0 errors', addName: 'Add display name', save: 'Save' },
} as const;

async function start(page: Page, lang: Lang) {
  await page.addInitScript((l) => localStorage.setItem('erdl-studio.lang', l), lang);
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(UI[lang].errors);
}

function rule(page: Page, name: string) {
  return page.getByTestId('gloss-list').locator('li.gloss-rule').filter({ hasText: name }).first();
}

async function readExamples(page: Page, lang: Lang) {
  for (const [example, rules] of Object.entries(SENTENCES[lang])) {
    await page
      .getByRole('button', { name: new RegExp(`^${example}`) })
      .first()
      .click();
    await expect(page.getByTestId('status-diagnostics')).toContainText(UI[lang].errors);
    await page.getByRole('tab', { name: UI[lang].tab }).click();
    for (const [name, sentence] of Object.entries(rules)) {
      const item = rule(page, name);
      await expect(item.getByTestId(`gloss-${lang}`)).toHaveText(sentence);
      if (lang === 'zh') expect(zhViolations(sentence)).toEqual([]);
    }
    // No Chinese sentence of any rule keeps the doubled conditional or the old words.
    const zh = await page.getByTestId('gloss-zh').allTextContents();
    for (const text of zh) expect(text).not.toMatch(/当.*时，则|已发生|等于“|\d{5}/);
    await page.screenshot({ path: `${SHOTS}/${lang}-${example}.png` });
  }
}

async function nameTheField(page: Page, lang: Lang) {
  await addDocument(page, { name: 'vip-refunds', text: UNNAMED, panel: 'gloss' });
  await page.getByRole('tab', { name: UI[lang].tab }).click();
  const vip = rule(page, 'VIP-001-fast-refund');
  const approver = rule(page, 'VIP-002-no-approver');
  // Point 3: a null comparison says that a missing field matches too (I-32).
  await expect(approver.getByTestId('gloss-zh')).toHaveText(
    '若审批人 ID 为空或未提供，则需人工裁决',
  );
  await expect(approver.getByTestId('gloss-en')).toHaveText(
    'When the approver ID is null or missing, human approval is required',
  );
  // No Chinese name: the path reads as code, never humanized English words.
  await expect(vip.getByTestId('gloss-zh')).toHaveText(
    '若“agent.is_vip”为“是”且工具名称为“issue_refund”，则放行',
  );
  await page.screenshot({ path: `${SHOTS}/${lang}-unnamed-before.png` });
  // The fix of ERDL-W901: Add display name writes the field dictionary.
  const row = page.locator('.field-name-row').filter({ hasText: 'agent.is_vip' });
  await row.getByRole('button', { name: UI[lang].addName }).click();
  await row.locator('input[lang="zh-CN"]').fill('是否贵宾');
  await row.locator('input[lang="en"]').press('Tab');
  await row.locator('input[lang="en"]').fill('the VIP flag');
  await row.getByRole('button', { name: UI[lang].save }).click();
  await expect(vip.getByTestId('gloss-zh')).toHaveText(
    '若是否贵宾为“是”且工具名称为“issue_refund”，则放行',
  );
  await expect(vip.getByTestId('gloss-en')).toHaveText(
    'When the VIP flag is true and the tool name is "issue_refund", the operation is allowed',
  );
  await page.screenshot({ path: `${SHOTS}/${lang}-unnamed-after.png` });
}

test('a Chinese reviewer reads every example’s gloss as a regulation is written, and names a field', async ({
  page,
}) => {
  await start(page, 'zh');
  await readExamples(page, 'zh');
  await nameTheField(page, 'zh');
});

test('an English reader reads the same gloss rules in English, and names a field', async ({
  page,
}) => {
  await start(page, 'en');
  await readExamples(page, 'en');
  await nameTheField(page, 'en');
});
