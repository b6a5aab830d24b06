// Ruling I-35 (issue #14): a within key is the condition alone, so two windows on one condition
// read one event log. The user's journey with a temporal_state saved before the change: pasted
// into the Evaluate panel it is migrated when that is exact (one window on the condition) and
// refused with a clear message in English and Chinese otherwise — never misread.

import { addDocument } from './support/studio';
import { expect, type Page, test } from './support/test';

const DOCUMENT = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "refund-windows"
  decision: ALLOW
rules:
  - name: "SEC-003-refund-ten-minutes"
    description: "A second refund within ten minutes waits"
    priority: 1
    ring: 0
    when:
      logic: AND
      conditions:
        - {field: "tool.name", operator: eq, value: "issue_refund", within: "10m"}
    then: DEFER
    message: "A refund was issued less than ten minutes ago"
  - name: "SEC-004-refund-hour"
    description: "A second refund within the hour is noted"
    priority: 1
    ring: 2
    when:
      logic: AND
      conditions:
        - {field: "tool.name", operator: eq, value: "issue_refund", within: "1h"}
    then: NOTIFY
`;
const CONDITION =
  '{"args":[{"node":"field","path":"tool.name"},{"node":"literal","type":"string","value":"issue_refund"}],"node":"eq"}';
const AT = ['2026-01-01T10:00:00.000Z'];
const OLD_ONE_WINDOW = JSON.stringify(
  { version: 1, windows: { [`within 1h ${CONDITION}`]: AT } },
  null,
  2,
);
const OLD_TWO_WINDOWS = JSON.stringify(
  { version: 1, windows: { [`within 10m ${CONDITION}`]: AT, [`within 1h ${CONDITION}`]: AT } },
  null,
  2,
);

/** Opens the studio on the two-window document, a refund as the fact, at 10:20. */
async function openDocument(page: Page) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('status-diagnostics')).toContainText(/0 errors|0 个错误/);
  await addDocument(page, {
    name: 'refund-windows',
    text: DOCUMENT,
    fact: 'tool:\n  name: "issue_refund"\n',
    asOf: '2026-01-01T10:20:00Z',
  });
  await page.getByRole('tab', { name: 'Evaluate' }).click();
  await expect(page.getByTestId('decision')).toContainText('ALLOW');
}

test('a temporal_state saved before ruling I-35 changed: one window is migrated, two are refused (en)', async ({
  page,
}) => {
  await openDocument(page);
  const state = page.getByLabel('temporal_state (YAML or JSON, empty for none)');

  // One window on the condition: read as the condition's log — the 1h rule sees the 10:00 refund.
  await state.fill(OLD_ONE_WINDOW);
  await expect(page.getByTestId('decision')).toContainText('NOTIFY');
  await expect(page.getByTestId('evaluation')).toContainText('SEC-004-refund-hour');
  // Carried forward, the state holds the key without a window, both events in it.
  await page.getByRole('button', { name: 'Carry the resulting state forward' }).click();
  await expect(state).toHaveValue(/"within \{/);
  await expect(state).not.toHaveValue(/within 1h/);
  await expect(state).toHaveValue(/2026-01-01T10:20:00.000Z/);

  // Two windows on one condition kept two logs: refused, never merged silently.
  await state.fill(OLD_TWO_WINDOWS);
  const alert = page.getByTestId('evaluation').getByRole('alert');
  await expect(alert).toContainText('Could not read temporal_state:');
  await expect(alert).toContainText(
    'Could not read temporal_state: temporal_state keeps separate event logs for within 10m and within 1h of one condition (it reads tool.name;',
  );
  await expect(alert).toContainText('Start from an empty state, or keep only one of these keys.');
  // The condition is named by what it reads, not shown as its canonical JSON.
  await expect(alert).not.toContainText('{"');
  await expect(page.getByTestId('decision')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/erdl-old-state-refused-en.png' });

  // The way out the message names: reset the state, and evaluation runs again.
  await page.getByRole('button', { name: 'Reset state' }).click();
  await expect(page.getByTestId('decision')).toContainText('ALLOW');
});

test('a temporal_state with two windows on one condition is refused in Chinese too', async ({
  page,
}) => {
  await openDocument(page);
  await page.getByRole('button', { name: 'Switch the interface to Chinese' }).click();
  const state = page.getByLabel('temporal_state（YAML 或 JSON，留空表示无）');
  await state.fill(OLD_TWO_WINDOWS);
  const alert = page.getByTestId('evaluation').getByRole('alert');
  await expect(alert).toContainText(
    '无法读取 temporal_state：temporal_state 为同一条件的 within 10m、within 1h 分别记录了事件（该条件读取 tool.name；',
  );
  await expect(alert).not.toContainText('{"');
  await expect(alert).toContainText('请从空状态开始，或只保留其中一个键。');
  await expect(alert).not.toContainText('separate event logs');
  await page.screenshot({ path: '/tmp/erdl-old-state-refused-zh.png' });
});
