/**
 * Workspace naming (issue #16): a document is named after its rule set's `metadata.name`; a file
 * name, "pasted" or "untitled" only when the text names none. Read from the text itself (no
 * compile needed, so a document with errors elsewhere is still named), and only from the plain
 * forms — a block `metadata:` mapping with a `name:` line, or JSON — never guessed otherwise.
 */

/** The last text `metadataName` read and what it found (the store asks about it once per edit). */
let last: { text: string; name: string | null } | null = null;

/**
 * The top-level `metadata.name` written in `text`, or null when the text does not plainly say.
 * Reads only the lines from `metadata:` to the next top-level field (found by a native search,
 * never by splitting the whole text): the store asks after every keystroke, and a 1,000-rule
 * document is 0.5 MB. The last answer is remembered (the previous edit's text is asked again).
 */
export function metadataName(text: string): string | null {
  if (last !== null && last.text === text) return last.name;
  const name = readMetadataName(text);
  last = { text, name };
  return name;
}

/** A line break as the lines are split: \r\n, \n or \r. */
const BREAK = /\r\n|\n|\r/g;
/** Where a line can start with `metadata:`: the text's start or right after a line break. */
const CANDIDATE = /(?:^|[\n\r])metadata:/g;

function readMetadataName(text: string): string | null {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/^\s*\{/.test(body)) return jsonName(body);
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
  if (start === -1) return null;
  let indent = -1;
  for (const { text: line } of lines(start)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const own = /^ */.exec(line)?.[0].length ?? 0;
    if (own === 0) return null; // the next top-level field: metadata has no name
    if (indent === -1) indent = own;
    if (own !== indent) continue;
    const m = /^ *name:[ \t]+(.*?)[ \t]*$/.exec(line);
    if (m) return scalarText(m[1] as string);
  }
  return null;
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
 */
export function followName(
  name: string,
  link: string | null,
  before: string,
  after: string,
): { readonly name: string | null; readonly link: string | null } {
  const previous = metadataName(before);
  const base = previous !== null && isNameOf(name, previous) ? previous : link;
  if (base === null || !isNameOf(name, base)) return { name: null, link: null };
  const next = metadataName(after);
  if (next === null || next === base) return { name: null, link: base };
  return { name: next, link: next };
}
