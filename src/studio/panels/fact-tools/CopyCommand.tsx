import './fact-tools.css';
import { useId, useState } from 'react';
import { format, useT } from '../../i18n/i18n';
import { VisibleText } from '../../shell/VisibleText';
import { CopyButton } from '../../signing/CopyButton';
import type { StudioDocument } from '../../store/types';
import { downloadText, exportFileName } from '../../workspace/files';
import { evalCommand, hasEscapes, stateFileName } from './copy-command';
import { factToolStrings } from './strings';

/** A sentence with `code` spans (command and option names) set as code. */
function Prose({ text }: { readonly text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
        i % 2 === 1 ? <code key={i}>{part}</code> : <VisibleText key={i} text={part} />,
      )}
    </>
  );
}

/**
 * The text each document was last downloaded with from here, this session: the command runs the
 * saved file, so the panel says when the text on screen has changed since.
 */
const downloaded = new Map<string, string>();

/**
 * "Copy as command": the shell command that reproduces the evaluation on screen with the `erdl`
 * CLI (copy-command.ts), the file name it reads, and whether that file holds the text on screen.
 * Render with `key={doc.id}`.
 */
export function CopyCommand({ doc }: { readonly doc: StudioDocument }) {
  const t = useT(factToolStrings);
  const labelId = useId();
  const [saved, setSaved] = useState(() => downloaded.get(doc.id));
  const fileName = exportFileName(doc);
  const inputs = {
    fileName,
    fact: doc.fact,
    asOf: doc.asOf,
    temporalState: doc.temporalState,
  };
  const command = evalCommand(inputs);
  const download = () => {
    downloadText(fileName, doc.text, 'application/yaml');
    downloaded.set(doc.id, doc.text);
    setSaved(doc.text);
  };
  return (
    <section aria-labelledby={labelId} data-testid="copy-command">
      <h4 id={labelId}>{t.command.heading}</h4>
      <p className="muted">
        <Prose text={t.command.intro} />
      </p>
      <pre className="code-block eval-command" title={t.command.label} data-testid="command-text">
        {command}
      </pre>
      <p className="field-row">
        <CopyButton text={command} what={t.command.what} />
        <button type="button" className="button small" onClick={download}>
          <VisibleText text={format(t.command.download, { file: fileName })} />
        </button>
      </p>
      {saved === undefined && (
        <p>
          <VisibleText text={format(t.command.saveAs, { file: fileName })} />
        </p>
      )}
      {saved !== undefined && saved === doc.text && (
        <p className="muted" data-testid="command-saved">
          <VisibleText text={format(t.command.saved, { file: fileName })} />
        </p>
      )}
      {saved !== undefined && saved !== doc.text && (
        <p className="notice notice-warning" role="status" data-testid="command-unsaved">
          <VisibleText text={format(t.command.unsaved, { file: fileName })} />
        </p>
      )}
      {doc.temporalState.trim() !== '' && (
        <p className="muted">
          <Prose text={format(t.command.state, { file: stateFileName(fileName) })} />
        </p>
      )}
      {hasEscapes(inputs) && (
        <p className="muted">
          <Prose text={t.command.escaped} />
        </p>
      )}
      <p className="muted">
        <Prose text={t.command.npx} />
      </p>
    </section>
  );
}
