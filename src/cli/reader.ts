import { fill } from '../i18n/format';
import type { Bilingual } from '../kernel';
import { MAX_INPUT_FILE_BYTES } from '../kernel/file-limits';
import { zhQuote } from '../kernel/util/quote';
import { grouped, limitText } from '../kernel/util/sizes';
import type { CliIo } from './io';
import { READER_STRINGS as msg } from './strings/reader';

export type ReadResult =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly message: Bilingual };

/**
 * Reads a rule document (or any file the command reads whole) as bytes. The bytes go to the kernel
 * unchanged, so invalid UTF-8, a BOM or binary content get the kernel's own positioned
 * diagnostics; only failing to read the file at all (missing, a directory, no permission, larger
 * than `limit`) is the command's error. The size is looked up before the file is read, so a file
 * over the limit is never read; a pipe, whose size is not known, is checked once read.
 */
export async function readRules(
  io: CliIo,
  path: string,
  limit: number = MAX_INPUT_FILE_BYTES,
): Promise<ReadResult> {
  try {
    if (io.fileSize && path !== '-') {
      const size = await io.fileSize(path);
      if (size !== null && size > limit) return { ok: false, message: tooLarge(path, size, limit) };
    }
    const bytes = await io.readBytes(path);
    if (bytes.length > limit) return { ok: false, message: tooLarge(path, bytes.length, limit) };
    return { ok: true, bytes };
  } catch (e) {
    return { ok: false, message: readFailure(path, e) };
  }
}

/** `1,048,576 bytes` / `128 MiB`: a size as people read it. */
/** A file larger than the reader's limit, refused before it is read. */
export function tooLarge(path: string, size: number, limit: number): Bilingual {
  const n = grouped(size);
  return fill(msg.cannotReadBytesMore, {
    path: { en: JSON.stringify(path), zh: zhQuote(path) },
    n,
    limitText: limitText(limit),
  });
}

export function readFailure(path: string, e: unknown): Bilingual {
  const code =
    typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const file = JSON.stringify(path);
  const zhFile = zhQuote(path);
  switch (code) {
    case 'ENOENT':
      return { en: `cannot read ${file}: no such file`, zh: `无法读取${zhFile}：文件不存在` };
    case 'ENOTDIR':
      return {
        en: `cannot read ${file}: a component of the path is not a directory`,
        zh: `无法读取${zhFile}：路径中的某一级不是目录`,
      };
    case 'EISDIR':
      return {
        en: `cannot read ${file}: it is a directory, not a file`,
        zh: `无法读取${zhFile}：这是目录，不是文件`,
      };
    case 'EACCES':
    case 'EPERM':
      return {
        en: `cannot read ${file}: permission denied`,
        zh: `无法读取${zhFile}：没有读取权限`,
      };
    default: {
      const detail = e instanceof Error ? e.message : String(e);
      return { en: `cannot read ${file}: ${detail}`, zh: `无法读取${zhFile}：${detail}` };
    }
  }
}
