import type { Bilingual } from '../kernel';
import { zhQuote } from '../kernel/util/quote';
import type { CliIo } from './io';

export type ReadResult =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly message: Bilingual };

/**
 * Reads a rule document as bytes. The bytes go to the kernel unchanged, so invalid UTF-8, a BOM
 * or binary content get the kernel's own positioned diagnostics; only failing to read the file at
 * all (missing, a directory, no permission) is the command's error.
 */
export async function readRules(io: CliIo, path: string): Promise<ReadResult> {
  try {
    return { ok: true, bytes: await io.readBytes(path) };
  } catch (e) {
    return { ok: false, message: readFailure(path, e) };
  }
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
