import { useRef } from 'react';

/**
 * The studio's one file chooser (signing keys, CSV and Excel imports): a button that opens the
 * file chooser of a visually hidden file input (the input keeps its own label, for screen readers
 * and tests). A file over `maxBytes` is refused before it is read — `refuse` says why, the one
 * refusal path — and the others go to `onFiles`. The input is cleared after each choice, so
 * choosing the same file again is a new choice.
 */
export function FileChooserButton(props: {
  readonly label: string;
  readonly inputLabel: string;
  readonly accept: string;
  readonly testId: string;
  readonly title?: string;
  readonly multiple?: boolean;
  readonly disabled?: boolean;
  readonly maxBytes: number;
  readonly refuse: (file: File) => void;
  readonly onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="button small"
        title={props.title}
        disabled={props.disabled}
        onClick={() => input.current?.click()}
      >
        {props.label}
      </button>
      <input
        ref={input}
        type="file"
        accept={props.accept}
        multiple={props.multiple}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={props.inputLabel}
        data-testid={props.testId}
        onChange={(e) => {
          const chosen = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          const files: File[] = [];
          for (const file of chosen) {
            if (file.size > props.maxBytes) props.refuse(file);
            else files.push(file);
          }
          if (files.length > 0) props.onFiles(files);
        }}
      />
    </>
  );
}

/** A labelled passphrase field (never shown, never autofilled into another purpose). */
export function PassphraseField(props: {
  readonly label: string;
  readonly value: string;
  readonly isNew: boolean;
  readonly onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}{' '}
      <input
        type="password"
        autoComplete={props.isNew ? 'new-password' : 'current-password'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
