// Issue #37 point 5: the report a reviewer signs off on shows each rule's texts (§4.1), the
// terminology's words for ring and override, the reviewer's signed opinion on its cover, and
// column widths that never break a word (no `word-break: break-all`).
import { describe, expect, it } from 'vitest';
import { reviewReportHtml } from '../src/kernel';

const DOC = `protocol: "erdl/v2"
version: "2.1.0"
metadata:
  name: "refunds"
  decision: ALLOW
rules:
  - name: "PAY-001-large-refund"
    description: "Large refunds need a human"
    priority: 10
    override: critical
    ring: 2
    when:
      logic: AND
      conditions:
        - field: "tool.args.amount"
          operator: gt
          value: 5000
    then: REQUEST_HUMAN
    message: "Refund over 5,000 needs approval"
    explanation:
      zh: "大额退款须人工复核，防止资金损失"
      en: "Large refunds are checked by a person to prevent losses"
    legal_basis: "Payment Services Regulation §12"
  - name: "PAY-002-fix-currency"
    description: "Currency must be upper case"
    priority: 20
    when:
      logic: AND
      conditions:
        - field: "tool.args.currency"
          operator: eq
          value: "usd"
    then: CORRECT
    message: "Currency must be upper case"
    correction: "Write the currency as USD"
    explanation:
      en: "Only an English explanation was written"
  - name: "PAY-003-note"
    description: "Advise on weekend refunds"
    priority: 30
    ring: 3
    when: "true"
    then: ALLOW
    instruction: "Tell the customer refunds take two days"
`;

function report(
  lang: 'zh' | 'en',
  signers: Parameters<typeof reviewReportHtml>[0]['signers'] = [],
) {
  const r = reviewReportHtml({
    lang,
    file: 'refunds.erdl.yaml',
    sourceBytes: new TextEncoder().encode(DOC),
    signers,
    date: { value: '2026-12-01', source: 'given' },
  });
  if (!r.ok) throw new Error(r.message.en);
  return r.html;
}

const texts = (html: string, rule: string) => {
  const row = html.match(
    new RegExp(`<tr class="rule-texts" data-rule-texts="${rule}">([\\s\\S]*?)</tr>`),
  );
  return row?.[1] ?? '';
};

describe('the review report, per rule', () => {
  it('shows description, message, instruction, correction, explanation and legal basis when present', () => {
    const zh = report('zh');
    const first = texts(zh, 'PAY-001-large-refund');
    expect(first).toContain(
      '<dt>描述</dt><dd data-text="description">Large refunds need a human</dd>',
    );
    expect(first).toContain(
      '<dt>消息</dt><dd data-text="message">Refund over 5,000 needs approval</dd>',
    );
    // Both languages written: the report's language first, the other beside it.
    expect(first).toContain(
      '<dt>说明</dt><dd data-text="explanation"><span lang="zh-CN">大额退款须人工复核，防止资金损失</span> <span class="alt" lang="en">Large refunds are checked by a person to prevent losses</span></dd>',
    );
    expect(first).toContain(
      '<dt>法规依据</dt><dd data-text="legalbasis">Payment Services Regulation §12</dd>',
    );
    expect(first).not.toContain('指引');
    const second = texts(zh, 'PAY-002-fix-currency');
    expect(second).toContain(
      '<dt>修正</dt><dd data-text="correction">Write the currency as USD</dd>',
    );
    // Only English written: shown alone, never an empty Chinese beside it.
    expect(second).toContain(
      '<dd data-text="explanation"><span lang="en">Only an English explanation was written</span></dd>',
    );
    expect(texts(zh, 'PAY-003-note')).toContain(
      '<dt>指引</dt><dd data-text="instruction">Tell the customer refunds take two days</dd>',
    );
    const en = texts(report('en'), 'PAY-001-large-refund');
    expect(en).toContain('<dt>Legal basis</dt>');
    expect(en).toContain(
      '<span lang="en">Large refunds are checked by a person to prevent losses</span> <span class="alt" lang="zh-CN">大额退款须人工复核，防止资金损失</span>',
    );
  });

  it('names ring and override in the terminology’s words, not raw values', () => {
    const zh = report('zh');
    expect(zh).toContain('<th>执行环</th>');
    expect(zh).toContain('<td>关键</td>');
    expect(zh).toContain('<td>普通</td>');
    expect(zh).not.toMatch(/<td>(critical|normal)<\/td>/);
    expect(zh).toContain('2<br><span class="muted ring">（审批）</span>');
    const en = report('en');
    expect(en).toContain('<td>critical</td>');
    expect(en).toContain('3<br><span class="muted ring">(advisory)</span>');
  });

  it('never breaks a word: no word-break: break-all; overflow-wrap: anywhere only on hashes', () => {
    const css = report('zh').match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    expect(css).not.toContain('break-all');
    const anywhere = css.split('\n').filter((line) => line.includes('overflow-wrap: anywhere'));
    expect(anywhere.every((line) => line.startsWith('.hash') || line.startsWith('pre'))).toBe(true);
  });

  it("shows a reviewer's signed opinion and comment on the cover", () => {
    const signers = [
      { keyId: 'sha256:aa', name: '陈爱丽', role: 'author' },
      {
        keyId: 'sha256:bb',
        name: '李博',
        role: 'reviewer',
        opinion: 'return' as const,
        comment: '阈值应为 5,000 <b>',
      },
    ];
    const zh = report('zh', signers);
    expect(zh).toContain(
      '审核结论：<span class="blocking">退回修改</span></span><br><span data-field="comment" class="comment">审核意见：阈值应为 5,000 &lt;b&gt;</span>',
    );
    const en = report('en', [
      {
        keyId: 'sha256:bb',
        name: '李博',
        role: 'reviewer',
        opinion: 'approve',
        comment: 'fine',
      },
    ]);
    expect(en).toContain('Opinion: <span class="passing">approve</span>');
    expect(en).toContain('Comment: fine');
  });
});
