import type { OutputMapping } from '../../kernel/table-import';

/**
 * The analyst's mappings of business outputs to decisions (issue 38 §4, I-95), remembered per
 * file — its name and the SHA-256 of its bytes — in localStorage, beside the studio's layout (the
 * workspace's documents are in IndexedDB; a mapping is a preference of this browser, not a
 * document). A changed file is a new file: its mapping is asked for again. What is read back is
 * checked field by field; anything else is ignored (never a decision that was not chosen).
 */
const KEY = 'erdl-studio:output-mappings';
/** Files remembered; the oldest is forgotten first. */
const MAX_FILES = 100;
/** A remembered entry larger than this is not kept (50 values of up to 1,000 characters fit). */
const MAX_ENTRY_CHARS = 200_000;

type Stored = Record<string, { readonly at: number; readonly mappings: OutputMapping[] }>;

/** `<file name> <sha-256 hex>`, or null where the browser has no digest (then nothing is kept). */
export async function fileKey(fileName: string, bytes: Uint8Array): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  try {
    const digest = new Uint8Array(await subtle.digest('SHA-256', bytes as BufferSource));
    return `${fileName} ${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  } catch {
    return null;
  }
}

function readStore(): Stored {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.assign(Object.create(null), value) as Stored;
  } catch {
    return {};
  }
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** A stored mapping as it must be, or null. */
function checked(value: unknown): OutputMapping | null {
  if (typeof value !== 'object' || value === null) return null;
  const { table, output, values } = value as Record<string, unknown>;
  if (!isString(table) || !isString(output) || !Array.isArray(values)) return null;
  const pairs = values.filter(
    (p): p is [string, string] =>
      Array.isArray(p) && p.length === 2 && isString(p[0]) && isString(p[1]),
  );
  return { table, output, values: pairs };
}

/** The mappings remembered for this file, or null. */
export async function rememberedMappings(
  fileName: string,
  bytes: Uint8Array,
): Promise<OutputMapping[] | null> {
  const key = await fileKey(fileName, bytes);
  if (key === null) return null;
  const entry = Object.hasOwn(readStore(), key) ? readStore()[key] : undefined;
  if (!entry || !Array.isArray(entry.mappings)) return null;
  const mappings = entry.mappings.map(checked).filter((m): m is OutputMapping => m !== null);
  return mappings.length > 0 ? mappings : null;
}

/** Remembers (or, given none, forgets) this file's mappings. Never throws. */
export async function rememberMappings(
  fileName: string,
  bytes: Uint8Array,
  mappings: readonly OutputMapping[],
): Promise<void> {
  const key = await fileKey(fileName, bytes);
  if (key === null) return;
  const store = readStore();
  delete store[key];
  const entry = { at: Date.now(), mappings: [...mappings] };
  if (mappings.length > 0 && JSON.stringify(entry).length <= MAX_ENTRY_CHARS) store[key] = entry;
  const kept = Object.entries(store)
    .sort(([, a], [, b]) => (b?.at ?? 0) - (a?.at ?? 0))
    .slice(0, MAX_FILES);
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or denied: the mapping applies now and is asked for again next time.
  }
}
