import { createReadStream } from 'node:fs';
import { open, readdir, stat, writeFile } from 'node:fs/promises';
import { MAX_INPUT_FILE_BYTES } from '../kernel/file-limits';
import { Utf8Position } from './utf8-position';

/**
 * Everything the command does to the outside world goes through this interface, so verbs stay
 * plain functions that return an exit code (and can be driven in-process by tests).
 */
export interface CliIo {
  /** Writes one line (a newline is appended) to standard output. */
  out(line: string): void;
  /** Writes one line (a newline is appended) to standard error. */
  err(line: string): void;
  /**
   * Reads a whole file as bytes; rejects with a Node-style error (`code`) when it cannot. Reads at
   * most one byte past `limit` (default MAX_INPUT_FILE_BYTES), so a device or a pipe without end
   * (`/dev/zero`) is refused by the caller's size check, never read without end.
   */
  readBytes(path: string, limit?: number): Promise<Uint8Array>;
  /**
   * A file's size in bytes without reading it (null when it is no regular file: a pipe, a
   * device); rejects like readBytes. Optional: a verb with a size limit then reads and checks.
   */
  fileSize?(path: string): Promise<number | null>;
  /**
   * Lists a directory (names sorted); rejects with a Node-style error when it cannot. `special`:
   * a FIFO, a socket or a device (a symbolic link to one too), which a reader walking the tree
   * must not open — a FIFO nobody writes to blocks its reader for ever.
   */
  listDir(path: string): Promise<DirEntry[]>;
  /**
   * Writes a whole file (keygen, sign); rejects with a Node-style error (`code`) when it cannot.
   * `exclusive`: fail with EEXIST rather than replace a file; `mode`: permissions of a new file.
   * Optional so read-only fakes need not provide it; verbs that write report its absence.
   */
  writeBytes?(path: string, bytes: Uint8Array, options?: WriteOptions): Promise<void>;
  /**
   * Streams a UTF-8 text file in chunks (`erdl eval --facts`, in constant memory; `-` is standard
   * input); rejects like readBytes. Optional: without it the file is read whole.
   */
  readChunks?(path: string): AsyncIterable<string>;
  /**
   * Lines of JSON already made safe for a terminal (terminalJson), each with its line break, as
   * UTF-8 bytes written to standard output as they are: set by safeIo only where standard output
   * carries JSON and `out` is the real one (writeOutLine). Optional: then `out`, line by line.
   */
  outJson?(bytes: Uint8Array): void;
  /**
   * Resolves once standard output has room again (backpressure), or once it is closed (its reader
   * went away: `erdl eval --facts F | head`). Optional: always room.
   */
  drained?(): Promise<void>;
  /** Whether standard output was closed by its reader (EPIPE). Optional: never. */
  outClosed?(): boolean;
  /**
   * Why standard output could not be written, when its reader did not go away (EPIPE is that):
   * the error's code (`ENOSPC` on a full disk, `EIO`…), else null. What was printed is then
   * incomplete, and the command says so (run.ts). Optional: never.
   */
  outFailed?(): string | null;
  /** Replaces the progress line on a terminal's standard error; absent when stderr is no terminal. */
  progress?(line: string): void;
  /**
   * The language of the command's messages: `erdl --lang en|zh …`, else Chinese under a zh locale
   * (LC_ALL, LC_MESSAGES, LANG); absent: both languages, English first.
   */
  lang?: 'en' | 'zh';
}

/** The messages' language a locale asks for (LC_ALL, then LC_MESSAGES, then LANG, as POSIX). */
export function localeLang(env: Readonly<Record<string, string | undefined>>): 'zh' | undefined {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^zh([_.@-]|$)/i.test(locale) ? 'zh' : undefined;
}

export interface DirEntry {
  readonly name: string;
  readonly directory: boolean;
  readonly special?: boolean;
}

/** A FIFO, a socket or a device: not a file to open while walking a tree. */
const isSpecial = (e: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
}) => e.isFIFO() || e.isSocket() || e.isCharacterDevice() || e.isBlockDevice();

export interface WriteOptions {
  readonly exclusive?: boolean;
  readonly mode?: number;
}

/** The real process's `out`: one line to standard output. */
export function writeOutLine(line: string): void {
  process.stdout.write(`${line}\n`);
}

/**
 * Many lines to standard output in one write (`text`: lines joined by line breaks): what
 * `erdl eval --facts` uses instead of `out` line by line when `out` is writeOutLine.
 */
export function writeOutLines(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** UTF-8 bytes to standard output as they are (CliIo outJson). */
export function writeOutBytes(bytes: Uint8Array): void {
  process.stdout.write(bytes);
}

/**
 * On the chunks readChunks gives for a real file (or standard input): the same input as raw byte
 * chunks, undecoded, for a reader that decodes elsewhere (`erdl eval --facts` on JSON Lines: the
 * workers decode their parts). An io that wraps readChunks has none, so its reading is used.
 */
export const RAW_BYTES: unique symbol = Symbol('erdl raw bytes');
export type ChunksWithBytes = AsyncIterable<string> & {
  readonly [RAW_BYTES]?: () => AsyncIterable<Uint8Array>;
};

/**
 * The first error writing standard output, kept by watchOutput's listener: the stream holds it
 * (`errored`) only until Node's stand-in destroy for standard output has run, which clears it.
 */
let stdoutError: NodeJS.ErrnoException | null = null;

/**
 * The real process's standard output and error never throw a write error (the command, once):
 * standard output's is kept (outClosed, outFailed) — its reader going away (`| head`, EPIPE) is no
 * error of the command, any other failure (a full disk) is said by run; standard error failing
 * leaves nowhere to say anything.
 */
export function watchOutput(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    stdoutError ??= e;
  });
  process.stderr.on('error', () => {});
}

/** Standard output's write error: kept, or still on the stream (before its listener has run). */
const stdoutErrorNow = (): NodeJS.ErrnoException | null =>
  stdoutError ?? (process.stdout.errored as NodeJS.ErrnoException | null);

/**
 * Whether standard output's reader went away: a write failed (EPIPE; standard output keeps its
 * error rather than being destroyed) or the stream was closed.
 */
function stdoutClosed(): boolean {
  return stdoutErrorNow() !== null || process.stdout.destroyed;
}

/** Why standard output failed, unless its reader went away (see CliIo outFailed). */
function stdoutFailed(): string | null {
  const error = stdoutErrorNow();
  if (error === null || error.code === 'EPIPE') return null;
  return error.code ?? error.message;
}

/** The real process: stdout, stderr and the file system. */
export function nodeIo(): CliIo {
  return {
    out: writeOutLine,
    err: (line) => {
      process.stderr.write(`${line}\n`);
    },
    readBytes: async (path, limit = MAX_INPUT_FILE_BYTES) => {
      if (path === '-') return readAtMost(process.stdin, limit + 1);
      const handle = await open(path, 'r');
      try {
        const info = await handle.stat();
        if (info.isFile() && info.size <= limit) return bytesOf(await handle.readFile());
        // A device or a pipe (no size known), or a file over the limit: one byte past the limit.
        const stream = handle.createReadStream({ highWaterMark: CHUNK_BYTES, autoClose: false });
        return await readAtMost(stream, limit + 1);
      } finally {
        await handle.close();
      }
    },
    fileSize: async (path) => {
      const info = await stat(path);
      return info.isFile() ? info.size : null;
    },
    listDir: async (path) => {
      const entries = await readdir(path, { withFileTypes: true });
      const listed = await Promise.all(
        entries.map(async (e) => {
          // A link is looked through (a link that cannot be followed is read, and refused, as one).
          const target = e.isSymbolicLink() ? await stat(`${path}/${e.name}`).catch(() => e) : e;
          return { name: e.name, directory: e.isDirectory(), special: isSpecial(target) };
        }),
      );
      return listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    readChunks: (path) =>
      Object.assign(readUtf8Chunks(path), {
        [RAW_BYTES]: (): AsyncIterable<Uint8Array> => lineBounded(byteStream(path)),
      }),
    drained: () => {
      const out = process.stdout;
      if (!out.writableNeedDrain || stdoutClosed()) return Promise.resolve();
      // A closed pipe never drains: its error wakes the writer too, which then asks outClosed.
      return new Promise((resolve) => {
        const done = () => {
          for (const event of ['drain', 'error', 'close']) out.off(event, done);
          resolve();
        };
        for (const event of ['drain', 'error', 'close']) out.once(event, done);
      });
    },
    outClosed: stdoutClosed,
    outFailed: stdoutFailed,
    ...(process.stderr.isTTY
      ? {
          progress: (line: string) => {
            process.stderr.write(`\r\x1b[K${line}`);
          },
        }
      : {}),
    ...(localeLang(process.env) ? { lang: localeLang(process.env) } : {}),
    writeBytes: async (path, bytes, options) => {
      await writeFile(path, bytes, {
        flag: options?.exclusive ? 'wx' : 'w',
        ...(options?.mode !== undefined ? { mode: options.mode } : {}),
      });
    },
  };
}

const bytesOf = (buf: Buffer) => new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);

/**
 * A stream's bytes until it ends or `max` bytes have come (then it is closed): standard input
 * (`erdl eval RULES -`), a device, a pipe. The reader's own size check then refuses more than its
 * limit, never the memory.
 */
async function readAtMost(stream: AsyncIterable<unknown>, max: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= max) break;
  }
  return bytesOf(Buffer.concat(chunks));
}

const CHUNK_BYTES = 256 * 1024;

/**
 * 128 MiB (MAX_INPUT_FILE_BYTES): the most bytes a streamed fact set may run without a line break.
 * A fact set has a record per line (a quoted CSV cell's line breaks count too), and a line over
 * MAX_ROW_CHARS is refused in its place and dropped up to its end — which a device or a binary
 * file (`/dev/zero`) never reaches: it was read and dropped without end, without a word.
 */
export const MAX_UNBROKEN_BYTES = MAX_INPUT_FILE_BYTES;

/** A streamed fact set ran MAX_UNBROKEN_BYTES without a line break from byte `from` (0-based). */
export class NoLineBreak extends Error {
  constructor(
    readonly from: number,
    readonly limit: number,
  ) {
    super(`no line break in ${limit} bytes from byte ${from}`);
  }
}

/** A file's bytes (`-`: standard input) as they stream in. */
const byteStream = (path: string): AsyncIterable<Buffer> =>
  (path === '-'
    ? process.stdin
    : createReadStream(path, { highWaterMark: CHUNK_BYTES })) as AsyncIterable<Buffer>;

/** The chunks as they come, refused (NoLineBreak) once `limit` bytes pass without a line break. */
export async function* lineBounded(
  chunks: AsyncIterable<Uint8Array>,
  limit = MAX_UNBROKEN_BYTES,
): AsyncGenerator<Uint8Array> {
  let offset = 0;
  /** Where the line still arriving starts. */
  let line = 0;
  for await (const chunk of chunks) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const lf = bytes.lastIndexOf(0x0a);
    if (lf >= 0) line = offset + lf + 1;
    offset += bytes.length;
    if (offset - line > limit) throw new NoLineBreak(line, limit);
    yield chunk;
  }
}

/** A file (`-`: standard input) as strictly decoded UTF-8 text chunks (a malformed byte rejects). */
async function* readUtf8Chunks(path: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // Where a malformed byte is, found only once the decoder has refused one (NotUtf8).
  const position = new Utf8Position();
  for await (const chunk of lineBounded(byteStream(path))) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw position.failed(chunk);
    }
    position.passed(chunk);
    yield text;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw position.ended();
  }
  if (rest) yield rest;
}
