import { describe, expect, it } from 'vitest';
import { formatTime, showTime } from './time';

describe('times in a time zone, with its offset, in the UI language', () => {
  const at = '2026-12-06T10:30:00.000Z';

  it('Chinese: 2026年12月6日 18:30（UTC+08:00） in Shanghai', () => {
    expect(formatTime(at, 'zh', 'Asia/Shanghai')).toBe('2026年12月6日 18:30（UTC+08:00）');
    expect(showTime(at, 'zh', 'Asia/Shanghai')).toMatchObject({
      offset: 'UTC+08:00',
      zone: 'Asia/Shanghai',
    });
  });

  it('English, and the zone moves the day and writes its own offset', () => {
    expect(formatTime(at, 'en', 'Asia/Shanghai')).toBe('6 Dec 2026, 18:30 (UTC+08:00)');
    expect(formatTime('2026-12-06T02:15:00Z', 'en', 'America/New_York')).toBe(
      '5 Dec 2026, 21:15 (UTC-05:00)',
    );
    expect(formatTime(at, 'zh', 'Asia/Kolkata')).toBe('2026年12月6日 16:00（UTC+05:30）');
    expect(formatTime(at, 'zh', 'UTC')).toBe('2026年12月6日 10:30（UTC+00:00）');
  });

  it('midnight is 00:00, not 24:00', () => {
    expect(formatTime('2026-12-05T16:00:00Z', 'zh', 'Asia/Shanghai')).toBe(
      '2026年12月6日 00:00（UTC+08:00）',
    );
  });

  it('shows what is not an instant as it is, and an unknown zone as UTC', () => {
    expect(formatTime('yesterday', 'zh', 'Asia/Shanghai')).toBe('yesterday');
    expect(formatTime('', 'en')).toBe('');
    expect(showTime(at, 'en', 'Mars/Olympus')).toMatchObject({ zone: 'UTC', offset: 'UTC+00:00' });
  });
});

describe('the review report shows a signature time in the zone it is given, and names it', () => {
  it('zh: the date in the Chinese format with the offset, the zone on the cover', async () => {
    const { readFileSync } = await import('node:fs');
    const { reviewReportHtml } = await import('../../kernel/report/review-report');
    const text = readFileSync(new URL('../examples/aml-screening.erdl.yaml', import.meta.url));
    const at = '2026-12-06T10:30:00.000Z';
    const make = (zone: string) =>
      reviewReportHtml({
        lang: 'zh',
        file: 'aml-screening.erdl.yaml',
        sourceBytes: new Uint8Array(text),
        signers: [],
        date: { value: at, source: 'signature', shown: showTime(at, 'zh', zone) },
      });
    const r = make('Asia/Shanghai');
    if (!r.ok) throw new Error(r.message.en);
    expect(r.html).toContain('2026年12月6日 18:30（UTC+08:00）');
    expect(r.html).toContain('时区 Asia/Shanghai');
    expect(r.html).toContain('2.1.0</code><span class="muted">（erdl/v2）</span>');
    // deterministic: the same inputs, the same bytes
    const again = make('Asia/Shanghai');
    expect(again.ok && again.html).toBe(r.html);
  });
});
