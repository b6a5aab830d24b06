import { RE2JS } from 're2js';
import type { YScalar } from '../document/ynode';
import type { CompileContext } from './context';

/** Longest pattern accepted; patterns are reviewed text, not data dumps. */
export const MAX_PATTERN_LENGTH = 1024;

/**
 * §5.2 / §7.3(d): a match pattern must compile under RE2 semantics (no backreferences, no
 * lookaround) and carry no inline flags (match is always case-sensitive). Reports at the
 * pattern's position (offset of the offending fragment inside the scalar when it can be found).
 */
export function checkPattern(ctx: CompileContext, n: YScalar, pattern: string): boolean {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    ctx.report('ERDL-E605', n.range, { length: pattern.length, limit: MAX_PATTERN_LENGTH });
    return false;
  }
  const flag = /\(\?[a-zA-Z-]+[:)]/.exec(pattern);
  if (flag && !/^\(\?P?</.test(flag[0])) {
    ctx.report('ERDL-E604', innerRange(n, flag.index, flag[0].length), { flag: flag[0] });
    return false;
  }
  try {
    RE2JS.compile(pattern);
    return true;
  } catch (e) {
    const err = e as { message?: string; input?: string };
    const detail = (err.message ?? String(e)).replace(/^error parsing regexp: /, '');
    const idx = err.input ? pattern.indexOf(err.input) : -1;
    ctx.report('ERDL-E603', idx >= 0 ? innerRange(n, idx, err.input?.length ?? 1) : n.range, {
      detail,
    });
    return false;
  }
}

/** Range of a fragment inside a double-quoted/plain scalar; falls back to the whole scalar. */
function innerRange(n: YScalar, index: number, length: number): { start: number; end: number } {
  if (n.style === 'block') return n.range;
  const open = n.style === 'plain' ? 0 : 1;
  // Escapes in quoted scalars shift offsets: map only when the source is the pattern verbatim.
  if (n.range.end - n.range.start !== String(n.value).length + 2 * open) return n.range;
  const start = n.range.start + open + index;
  return { start, end: Math.min(n.range.end, start + length) };
}
