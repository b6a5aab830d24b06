import { fill } from '../i18n/format';
import type { Bilingual } from '../kernel';
import { MAX_INPUT_FILE_BYTES } from '../kernel/file-limits';
import { grouped, limitText } from '../kernel/util/sizes';
import type { CliIo } from './io';
import { quoted } from './strings';
import { READER_STRINGS as msg } from './strings/reader';

export type ReadResult =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly message: Bilingual };

/**
 * Reads a rule document (or any file the command reads whole) as bytes. The bytes go to the kernel
 * unchanged, so invalid UTF-8, a BOM or binary content get the kernel's own positioned
 * diagnostics; only failing to read the file at all (missing, a directory, no permission, larger
 * than `limit`) is the command's error. The size is looked up before the file is read, so a file
 * over the limit is never read; a pipe or a device, whose size is not known, is read one byte past
 * the limit at most (`/dev/zero` is refused, not read without end).
 */
export async function readRules(
  io: CliIo,
  path: string,
  limit: number = MAX_INPUT_FILE_BYTES,
): Promise<ReadResult> {
  try {
    let size: number | null = null;
    if (io.fileSize && path !== '-') {
      size = await io.fileSize(path);
      if (size !== null && size > limit) return { ok: false, message: tooLarge(path, size, limit) };
    }
    const bytes = await io.readBytes(path, limit);
    if (bytes.length > limit)
      return {
        ok: false,
        // Read only one byte past the limit: a pipe's or a device's whole size is not known.
        message: size === null ? tooLargeStream(path, limit) : tooLarge(path, bytes.length, limit),
      };
    return { ok: true, bytes };
  } catch (e) {
    return { ok: false, message: readFailure(path, e) };
  }
}

/** A file larger than the reader's limit, refused before it is read. */
export function tooLarge(path: string, size: number, limit: number): Bilingual {
  const n = grouped(size);
  return fill(msg.cannotReadBytesMore, {
    path: quoted(path).value,
    n,
    limitText: limitText(limit),
  });
}

/** Standard input, a pipe or a device that holds more than the reader's limit (read that far). */
function tooLargeStream(path: string, limit: number): Bilingual {
  return fill(msg.cannotReadMore, { path: quoted(path).value, limitText: limitText(limit) });
}

export function readFailure(path: string, e: unknown): Bilingual {
  const code =
    typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const file = quoted(path);
  switch (code) {
    case 'ENOENT':
      return fill(msg.noSuchFile, { path: file.value });
    case 'ENOTDIR':
      return fill(msg.notDirectory, { path: file.value });
    case 'EISDIR':
      return fill(msg.isDirectory, { path: file.value });
    case 'EACCES':
    case 'EPERM':
      return fill(msg.permissionDenied, { path: file.value });
    case 'ELOOP':
      return fill(msg.symlinkLoop, { path: file.value });
    case 'ENAMETOOLONG':
      return fill(msg.nameTooLong, { path: file.value });
    case 'ENXIO':
      return fill(msg.noDevice, { path: file.value });
    case 'EIO':
      return fill(msg.ioError, { path: file.value });
    default: {
      const detail = e instanceof Error ? e.message : String(e);
      return fill(msg.cannotRead, { path: file.value, detail });
    }
  }
}
