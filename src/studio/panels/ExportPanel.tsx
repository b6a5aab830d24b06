import { useState } from 'react';
import { format, useT } from '../i18n/i18n';
import { useActiveAnalysis } from '../shell/use-analysis';
import { selectActive, useStudio } from '../store';
import { panelStrings } from './strings';

/** The file name a document is exported as. */
export function exportFileName(name: string): string {
  const base = name.replace(/\.erdl\.ya?ml$|\.ya?ml$/i, '').replace(/[\\/:*?"<>|]+/g, '-');
  return `${base || 'rules'}.erdl.yaml`;
}

/** Download the document as written, and its canonical hashes. */
export function ExportPanel() {
  const t = useT(panelStrings);
  const doc = useStudio(selectActive);
  const { analysis, current } = useActiveAnalysis();
  const [copied, setCopied] = useState(false);
  if (!doc) return null;
  const file = exportFileName(doc.name);
  const download = () => {
    const url = URL.createObjectURL(new Blob([doc.text], { type: 'application/yaml' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = file;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  const hashes =
    analysis?.documentHash && current
      ? {
          document: analysis.documentHash,
          rules: Object.fromEntries(analysis.rules.map((r) => [r.name, r.hash])),
        }
      : null;
  const copy = async () => {
    if (!hashes) return;
    try {
      await navigator.clipboard.writeText(JSON.stringify(hashes, null, 2));
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard refused: the hashes stay on screen.
    }
  };
  return (
    <div>
      <p>
        <button type="button" className="button" onClick={download}>
          {t.export.document}
        </button>
      </p>
      <p className="muted">{format(t.export.documentHelp, { file })}</p>
      <h3 className="section-title">{t.export.hashes}</h3>
      {hashes ? (
        <>
          <p>
            {t.export.documentHash}: <code className="mono">{hashes.document}</code>
          </p>
          <button type="button" className="button small" onClick={() => void copy()}>
            {copied ? t.export.copied : t.export.copyHashes}
          </button>
        </>
      ) : (
        <p className="muted">{t.export.noHash}</p>
      )}
    </div>
  );
}
