/**
 * Workspace naming (issue #16): a document is named after its rule set's `metadata.name`; a file
 * name, "pasted" or "untitled" only when the text names none. Read from the text itself (no
 * compile needed, so a document with errors elsewhere is still named), and only from the plain
 * forms — a block `metadata:` mapping with a `name:` line, or JSON — never guessed otherwise.
 */

/** The top-level `metadata.name` written in `text`, or null when the text does not plainly say. */
export function metadataName(text: string): string | null {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/^\s*\{/.test(body)) return jsonName(body);
  const lines = body.split(/\r\n|\n|\r/);
  const start = lines.findIndex((l) => /^metadata:\s*(#.*)?$/.test(l));
  if (start === -1) return null;
  let indent = -1;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] as string;
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

/**
 * The name a document takes after its text changed: a name that followed `metadata.name` (equal
 * to it, or its unique variant "name (2)") follows it on; a name the user chose stays.
 */
export function followedName(name: string, before: string, after: string): string | null {
  const previous = metadataName(before);
  if (previous === null) return null;
  const follows = name === previous || (name.startsWith(`${previous} (`) && /\(\d+\)$/.test(name));
  if (!follows) return null;
  const next = metadataName(after);
  return next !== null && next !== previous ? next : null;
}
