/**
 * monaco-yaml's worker waits, per document, for the document's first kernel markers (issue #17
 * point 2). A freshly opened 1,000-rule document otherwise sends its 0.5 MB text to the YAML
 * worker at once, which parses and schema-checks it (~1.5 s of CPU) while the kernel worker
 * compiles it for its first markers: on a 2-core machine the two workers and the main thread
 * (Monaco tokenizing the new model) shared two cores, and the kernel's first markers took ~1.4×
 * as long as with the YAML worker idle. The kernel's markers are the document's truth (monaco-yaml's
 * are shown as warnings at most, yaml-markers.ts); its completion for that document starts right
 * after them, and its schema check once the studio is quiet as well (monaco-internals.ts).
 *
 * A hold opens when the first markers are set, when its model goes away, or after
 * `YAML_HOLD_MAX_MS` (a kernel that never answers must not leave the document without the YAML
 * worker's help).
 */

/** The longest a document's YAML worker requests wait for its first kernel markers. */
export const YAML_HOLD_MAX_MS = 5_000;

interface Hold {
  readonly opened: Promise<void>;
  readonly open: () => void;
}

const holds = new Map<string, Hold>();

/**
 * Holds the YAML worker's requests about `uri` (a model's URI as a string) until `release(uri)`
 * or `maxMs`. Call it before the model is created: monaco-yaml asks for the model's validation
 * while `createModel` runs.
 */
export function holdYamlWorker(uri: string, maxMs: number = YAML_HOLD_MAX_MS): void {
  releaseYamlWorker(uri);
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const timer = setTimeout(() => releaseYamlWorker(uri), maxMs);
  holds.set(uri, {
    opened,
    open: () => {
      clearTimeout(timer);
      open();
    },
  });
}

/** Lets the YAML worker's requests about `uri` go (a no-op when none are held). */
export function releaseYamlWorker(uri: string): void {
  const hold = holds.get(uri);
  if (!hold) return;
  holds.delete(uri);
  hold.open();
}

/** Resolves when none of `uris` is held (at once when none is). */
export function yamlWorkerOpen(uris: readonly { toString(): string }[]): Promise<void> | null {
  const waiting = uris.flatMap((uri) => holds.get(uri.toString())?.opened ?? []);
  return waiting.length === 0 ? null : Promise.all(waiting).then(() => undefined);
}

/** Whether some document's first kernel markers are due (what else may wait for them: quiet.ts). */
export function firstMarkersDue(): boolean {
  return holds.size > 0;
}
