/**
 * Workspace naming (issue #16): a document is named after its rule set's `metadata.name`; a file
 * name, "pasted" or "untitled" only when the text names none. Read from the text itself (no
 * compile needed, so a document with errors elsewhere is still named), and only from the plain
 * forms — a block `metadata:` mapping with a `name:` line, or JSON — never guessed otherwise.
 */

/**
 * What the text says about its name: the name (null: it does not plainly say) and the offset from
 * which no edit can change that answer (-1: an edit anywhere can). Reading stops at the first
 * `name:` line of the `metadata:` block, or at the top-level line that ends the block: an edit
 * that starts after that line leaves everything the reading looked at as it was.
 */
interface NameReading {
  readonly name: string | null;
  readonly settledFrom: number;
}

/** The last text read and what it said (the store asks about it once per edit). */
let last: { text: string; reading: NameReading } | null = null;

/**
 * The top-level `metadata.name` written in `text`, or null when the text does not plainly say.
 * Reads only the lines from `metadata:` to the next top-level field (found by a native search,
 * never by splitting the whole text): the store asks after every keystroke, and a 1,000-rule
 * document is 0.5 MB. The last answer is remembered (the previous edit's text is asked again).
 */
export function metadataName(text: string): string | null {
  return reading(text).name;
}

function reading(text: string): NameReading {
  if (last !== null && last.text === text) return last.reading;
  const found = readMetadataName(text);
  last = { text, reading: found };
  return found;
}

/**
 * The name `after` says, where `after` is `before` edited only at offsets from `editedFrom` on
 * (offsets in `before`; undefined: the edit is not known). An edit past what the reading of
 * `before` looked at is not read again — and `after`, which the editor builds anew on every
 * keystroke, is not touched at all (touching a 0.5 MB text built from pieces copies it whole).
 */
export function nameAfter(
  before: string,
  after: string,
  editedFrom: number | undefined,
): string | null {
  const previous = reading(before);
  if (editedFrom === undefined || previous.settledFrom < 0 || editedFrom < previous.settledFrom) {
    return metadataName(after);
  }
  last = { text: after, reading: previous };
  return previous.name;
}

/** A line break as the lines are split: \r\n, \n or \r. */
const BREAK = /\r\n|\n|\r/g;
/** Where a line can start with `metadata:`: the text's start or right after a line break. */
const CANDIDATE = /(?:^|[\n\r])metadata:/g;

function readMetadataName(text: string): NameReading {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = bom ? text.slice(1) : text;
  const unsettled = (name: string | null): NameReading => ({ name, settledFrom: -1 });
  if (/^\s*\{/.test(body)) return unsettled(jsonName(body));
  const lines = linesFrom(body);
  CANDIDATE.lastIndex = 0;
  let start = -1;
  for (let m = CANDIDATE.exec(body); m !== null; m = CANDIDATE.exec(body)) {
    const at = m.index === 0 && body.startsWith('metadata:') ? 0 : m.index + 1;
    // "\r\nmetadata:" is found at the \n; the line starts after it either way.
    const line = lines(at).next().value;
    if (line !== undefined && /^metadata:\s*(#.*)?$/.test(line.text)) {
      start = line.next;
      break;
    }
    CANDIDATE.lastIndex = at + 1;
  }
  if (start === -1) return unsettled(null);
  // Read up to and including `line`: an edit after its line break cannot change the answer (a
  // line that ends the text has none: an edit appended to it could).
  const upTo = (line: { next: number }, name: string | null): NameReading => ({
    name,
    settledFrom: line.next > body.length ? -1 : line.next + bom,
  });
  let indent = -1;
  for (const line of lines(start)) {
    if (/^\s*(#.*)?$/.test(line.text)) continue;
    const own = /^ */.exec(line.text)?.[0].length ?? 0;
    if (own === 0) return upTo(line, null); // the next top-level field: metadata has no name
    if (indent === -1) indent = own;
    if (own !== indent) continue;
    const m = /^ *name:[ \t]+(.*?)[ \t]*$/.exec(line.text);
    if (m) return upTo(line, scalarText(m[1] as string));
  }
  return unsettled(null);
}

/** The lines of `text` from offset `from` (a line start) on, each with where the next starts. */
function linesFrom(text: string) {
  return function* (from: number): Generator<{ text: string; next: number }> {
    let at = from;
    if (at > text.length) return;
    while (true) {
      BREAK.lastIndex = at;
      const m = BREAK.exec(text);
      if (m === null) {
        yield { text: text.slice(at), next: text.length + 1 };
        return;
      }
      yield { text: text.slice(at, m.index), next: m.index + m[0].length };
      at = m.index + m[0].length;
    }
  };
}

function jsonName(text: string): string | null {
  try {
    const value = JSON.parse(text) as { metadata?: { name?: unknown } } | null;
    const name = value?.metadata?.name;
    return typeof name === 'string' && name.trim() !== '' ? name.trim() : null;
  } catch {
    return null;
  }
}

/** A one-line scalar's text: "double" (JSON escapes), 'single', or plain (a comment removed). */
function scalarText(written: string): string | null {
  let value: string | null = null;
  if (written.startsWith('"')) {
    const m = /^("(?:[^"\\]|\\.)*")\s*(#.*)?$/.exec(written);
    if (m) {
      try {
        value = JSON.parse(m[1] as string) as string;
      } catch {
        value = null;
      }
    }
  } else if (written.startsWith("'")) {
    const m = /^'((?:[^']|'')*)'\s*(#.*)?$/.exec(written);
    if (m) value = (m[1] as string).replace(/''/g, "'");
  } else if (!/^[[{&*!|>%@`]/.test(written)) {
    value = written.replace(/\s+#.*$/, '');
  }
  return value !== null && value.trim() !== '' ? value.trim() : null;
}

/** `name` is `base` or its unique variant "base (2)". */
export function isNameOf(name: string, base: string): boolean {
  return (
    name === base || (name.startsWith(`${base} (`) && /^ \(\d+\)$/.test(name.slice(base.length)))
  );
}

/**
 * How a document's name follows its text. `link` is the metadata.name the name last followed
 * (kept while an edit passes through text that names nothing, e.g. mid-typing; never persisted:
 * after a reload the link is found again from a name equal to the text's metadata.name). A name
 * the user chose is left alone. Returns the new name (null: unchanged) and the new link.
 * `editedFrom`: where the edit from `before` to `after` starts, when known (the editor knows; the
 * name is then read again only when the edit can change it). The reading of `after` is kept
 * either way: it is the next edit's `before`.
 */
export function followName(
  name: string,
  link: string | null,
  before: string,
  after: string,
  editedFrom?: number,
): { readonly name: string | null; readonly link: string | null } {
  const previous = metadataName(before);
  const next = nameAfter(before, after, editedFrom);
  const base = previous !== null && isNameOf(name, previous) ? previous : link;
  if (base === null || !isNameOf(name, base)) return { name: null, link: null };
  if (next === null || next === base) return { name: null, link: base };
  return { name: next, link: next };
}
