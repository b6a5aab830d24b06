import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { describeHiddenChar } from './hidden-char';
import { MAX_MARKED, VisibleText } from './VisibleText';

const html = (text: string, multiline = false) =>
  renderToStaticMarkup(createElement(VisibleText, { text, multiline }));

describe('VisibleText', () => {
  it('shows a bidi control and an invisible character as styled, titled tokens', () => {
    const out = html('SEC-001-a\u200B = \u202Etnuocca_eteled\u202C');
    expect(out).toBe(
      'SEC-001-a<span class="hidden-char hidden-char-invisible" ' +
        'title="U+200B ZERO WIDTH SPACE — an invisible character: it shows as nothing, yet the text differs from what is seen" ' +
        'data-code-point="200B">⟨U+200B⟩</span> = ' +
        '<span class="hidden-char hidden-char-bidi" ' +
        'title="U+202E RIGHT-TO-LEFT OVERRIDE — a bidi control: it reorders how the text around it is shown, not what it is" ' +
        'data-code-point="202E">⟨U+202E⟩</span>tnuocca_eteled' +
        '<span class="hidden-char hidden-char-bidi" ' +
        'title="U+202C POP DIRECTIONAL FORMATTING — a bidi control: it reorders how the text around it is shown, not what it is" ' +
        'data-code-point="202C">⟨U+202C⟩</span>',
    );
  });

  it('leaves ordinary text alone, Chinese and full-width punctuation included', () => {
    const text = '金额＞＝７００，且“状态”为：有效（一）。≥ 700 — ✓';
    expect(html(text)).toBe(text);
  });

  it('writes control characters out; keeps line breaks only when multi-line', () => {
    expect(html('a\u001b[2Kb\nc')).toBe('a\\u001b[2Kb\\nc');
    expect(html('a\u001b[2Kb\nc', true)).toBe('a\\u001b[2Kb\nc');
  });

  it('stays text: markup in the input is escaped', () => {
    expect(html('<img src=x>\u200B')).toContain('&lt;img src=x&gt;<span');
  });

  it(`marks at most ${MAX_MARKED} characters; the rest are still written out`, () => {
    const out = html('\u200B'.repeat(MAX_MARKED + 5));
    expect(out.match(/<span/g)).toHaveLength(MAX_MARKED);
    expect(out.endsWith('⟨U+200B⟩'.repeat(5))).toBe(true);
    expect(out).not.toContain('\u200B');
  });
});

describe('describeHiddenChar', () => {
  it('names the character as the kernel does and says what it does, in the UI language', () => {
    expect(describeHiddenChar(0x202e, 'bidi', 'zh')).toBe(
      'U+202E 从右到左覆盖（RLO）——双向控制字符：改变周围文字的显示顺序，而不改变文字本身',
    );
    expect(describeHiddenChar(0xfeff, 'invisible', 'en')).toBe(
      'U+FEFF ZERO WIDTH NO-BREAK SPACE — an invisible character: it shows as nothing, yet the text differs from what is seen',
    );
    expect(describeHiddenChar(0xe0041, 'invisible', 'zh')).toBe(
      'U+E0041——不可见字符：显示时看不见，文字却与看到的不同',
    );
  });
});
