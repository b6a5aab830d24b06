import { MAX_TABLE_FILE_BYTES } from '../../kernel/file-limits';
import { tableFileTooLarge } from '../../kernel/table-import/limits';
import { FileChooserButton } from '../signing/FileChooserButton';
import { studioStore } from '../store';

/**
 * A table file (CSV, Excel) over MAX_TABLE_FILE_BYTES, refused before it is read
 * (docs/table-import.md "Limits"): the notice the file choosers give it.
 */
export function refuseTableFile(file: File): void {
  studioStore.getState().notify('error', tableFileTooLarge(file.size));
}

/** The studio's file chooser for one table file: over the table-file limit, refused unread. */
export function TableFileChooser(props: {
  readonly label: string;
  readonly title?: string;
  readonly accept: string;
  readonly testId: string;
  readonly onFile: (file: File) => void;
}) {
  return (
    <FileChooserButton
      label={props.label}
      inputLabel={props.label}
      title={props.title}
      accept={props.accept}
      testId={props.testId}
      maxBytes={MAX_TABLE_FILE_BYTES}
      refuse={refuseTableFile}
      onFiles={([file]) => {
        if (file) props.onFile(file);
      }}
    />
  );
}
