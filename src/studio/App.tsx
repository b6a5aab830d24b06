// PLACEHOLDER studio: a plain <textarea> over the kernel so the pipeline can be seen end to end.
// It is replaced wholesale by the real studio (editor, worker, panels) in the studio issue.
import { useMemo, useState } from 'react';
import { compileDocument } from '../kernel';
import quickStart from './examples/quick-start.erdl.yaml?raw';

type Lang = 'en' | 'zh';

const UI = {
  en: {
    title: 'ERDL Studio (placeholder)',
    note: 'Temporary view: edit the document to see diagnostics and hashes.',
    toggle: '中文',
    editor: 'ERDL document',
    diagnostics: 'Diagnostics',
    none: 'No diagnostics.',
    documentHash: 'Document hash',
    noHash: 'none (the document has load errors)',
    rules: 'Rule hashes',
    noRules: 'No compiled rules.',
    severity: { error: 'error', warning: 'warning', info: 'info' },
  },
  zh: {
    title: 'ERDL Studio（占位版）',
    note: '临时界面：编辑文档即可查看诊断与哈希。',
    toggle: 'English',
    editor: 'ERDL 文档',
    diagnostics: '诊断',
    none: '无诊断。',
    documentHash: '文档哈希',
    noHash: '无（文档存在加载错误）',
    rules: '规则哈希',
    noRules: '没有已编译的规则。',
    severity: { error: '错误', warning: '警告', info: '信息' },
  },
} as const;

/** The kernel's SourceText gives 1-based line and column; shown as LINE:COL. */
const position = (p: { line: number; column: number }) => `${p.line}:${p.column}`;

export function App() {
  const [lang, setLang] = useState<Lang>('en');
  const [text, setText] = useState<string>(quickStart);
  const result = useMemo(() => compileDocument(text), [text]);
  const t = UI[lang];

  return (
    <main lang={lang === 'zh' ? 'zh-CN' : 'en'} style={{ fontFamily: 'sans-serif', margin: 16 }}>
      <header style={{ display: 'flex', gap: 16, alignItems: 'baseline' }}>
        <h1 style={{ fontSize: 20, margin: 0 }}>{t.title}</h1>
        <button type="button" onClick={() => setLang(lang === 'en' ? 'zh' : 'en')}>
          {t.toggle}
        </button>
      </header>
      <p>{t.note}</p>
      <label>
        <div>{t.editor}</div>
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          spellCheck={false}
          rows={28}
          style={{ width: '100%', fontFamily: 'monospace', fontSize: 13 }}
        />
      </label>

      <section>
        <h2 style={{ fontSize: 16 }}>{t.diagnostics}</h2>
        {result.diagnostics.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <ul style={{ fontFamily: 'monospace' }}>
            {result.diagnostics.map((d) => (
              <li key={`${d.range.start}-${d.range.end}-${d.code}-${d.message.en}`}>
                {position(result.source.position(d.range.start))} {t.severity[d.severity]} {d.code}{' '}
                {d.message[lang]}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section>
        <h2 style={{ fontSize: 16 }}>{t.documentHash}</h2>
        <code>{result.document?.hash ?? t.noHash}</code>
      </section>

      <section>
        <h2 style={{ fontSize: 16 }}>{t.rules}</h2>
        {(result.document?.rules ?? []).length === 0 ? (
          <p>{t.noRules}</p>
        ) : (
          <ul style={{ fontFamily: 'monospace' }}>
            {(result.document?.rules ?? []).map((rule) => (
              <li key={rule.name}>
                {rule.name}: {rule.hash}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
