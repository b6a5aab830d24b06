import type { Fix, Range } from '../diagnostics/diagnostic';
import type { SourceText } from '../diagnostics/source-text';
import type { CompileContext } from '../tree/context';
import { nfc } from '../tree/literal';
import { keysOf, suggest } from '../util/suggest';
import {
  DECISION_MISTAKES,
  DECISION_NAMES,
  type Decision,
  isDecision,
} from '../vocabulary/decisions';
import {
  FORMAT_VERSION,
  METADATA_FIELDS,
  PROTOCOL,
  TOP_LEVEL_FIELDS,
} from '../vocabulary/document';
import type { Metadata, Text } from './compiled';
import { reorderFix } from './reorder';
import { SEMVER } from './version';
import { isScalar, type YMap, type YNode, type YScalar } from './ynode';

/** Shared field readers for the top level, metadata and rules: each reports and returns undefined. */
export class Fields {
  constructor(
    readonly ctx: CompileContext,
    readonly source: SourceText,
  ) {}

  string(map: YMap, key: string): string | undefined {
    const n = map.items.find((p) => p.key === key)?.value;
    if (n === undefined) return undefined;
    if (isScalar(n) && typeof n.value === 'string') return nfc(n.value);
    this.ctx.report('ERDL-E108', n.range, {
      field: key,
      expected: { en: 'a string', zh: '字符串' },
    });
    return undefined;
  }

  text(map: YMap, key: string): Text | undefined {
    const n = map.items.find((p) => p.key === key)?.value;
    if (n === undefined) return undefined;
    if (isScalar(n) && typeof n.value === 'string') return nfc(n.value);
    if (
      n.kind === 'map' &&
      n.items.length > 0 &&
      n.items.every(
        (p) =>
          (p.key === 'zh' || p.key === 'en') &&
          isScalar(p.value) &&
          typeof p.value.value === 'string',
      )
    ) {
      return Object.fromEntries(
        n.items.map((p) => [p.key, nfc((p.value as YScalar).value as string)]),
      );
    }
    this.ctx.report('ERDL-E214', n.range, { field: key });
    return undefined;
  }

  /** A decision keyword; a case-only mistake gets a fix. */
  decision(n: YNode): Decision | undefined {
    if (isScalar(n) && isDecision(n.value)) return n.value;
    const written = isScalar(n) ? String(n.value) : '';
    const s = suggest(written, DECISION_NAMES, n.range, DECISION_MISTAKES);
    this.ctx.report('ERDL-E207', n.range, { value: written, ...s.params }, s.fix);
    return undefined;
  }
}

/**
 * §2.1 / §2.3: the four top-level fields in order, the file beginning with protocol, the protocol
 * value and the format version. Returns the metadata and rules nodes when they are usable.
 */
export function validateTopLevel(fields: Fields, root: YMap): { metadata?: YMap; rules?: YNode } {
  const { ctx, source } = fields;
  const text = source.text;
  for (const p of root.items) {
    if (!(TOP_LEVEL_FIELDS as readonly string[]).includes(p.key)) {
      const s = suggest(p.key, TOP_LEVEL_FIELDS, p.keyNode.range, {}, keysOf(root));
      ctx.report('ERDL-E107', p.keyNode.range, { field: p.key, ...s.params }, s.fix);
    }
  }
  for (const f of TOP_LEVEL_FIELDS) {
    if (!root.items.some((p) => p.key === f)) {
      ctx.report('ERDL-E101', { start: root.range.start, end: root.range.start }, { field: f });
    }
  }
  const known = root.items.filter((p) => (TOP_LEVEL_FIELDS as readonly string[]).includes(p.key));
  const outOfOrder = known.find(
    (p, i) =>
      i > 0 &&
      TOP_LEVEL_FIELDS.indexOf(p.key as never) <
        TOP_LEVEL_FIELDS.indexOf(known[i - 1]?.key as never),
  );
  const reorder = () =>
    reorderFix(source, root, TOP_LEVEL_FIELDS, {
      en: 'Reorder the top-level fields',
      zh: '调整顶层字段顺序',
    });
  if (outOfOrder)
    ctx.report('ERDL-E102', outOfOrder.keyNode.range, { field: outOfOrder.key }, reorder());
  // "The file MUST begin with protocol" (I-1): only comments, blank lines, a `%` directive and a
  // `---` marker may precede it, and it must be the first key. In JSON (or a YAML flow mapping)
  // the opening brace comes before the first key.
  const first = root.items[0];
  const firstStart = first ? first.keyNode.range.start : text.length;
  const brace = root.flow && text[root.range.start] === '{' ? root.range.start : -1;
  const before =
    brace === -1
      ? text.slice(0, firstStart)
      : text.slice(0, brace) + text.slice(brace + 1, firstStart);
  const onlyPreamble = /^(?:\s|#[^\n]*|---[ \t]*|%[^\n]*)*$/.test(before);
  if (first?.key !== 'protocol' || !onlyPreamble) {
    const hasProtocol = root.items.some((p) => p.key === 'protocol');
    let fix: Fix | undefined;
    if (hasProtocol) {
      // Moving protocol first is what the reorder does (unknown keys go last).
      if (first?.key !== 'protocol') fix = reorder();
    } else if (first) {
      const insert = root.flow
        ? { at: firstStart, newText: `"protocol": "${PROTOCOL}", ` }
        : {
            at: source.lineStart(source.position(firstStart).line),
            newText: `${' '.repeat(source.position(firstStart).column - 1)}protocol: "${PROTOCOL}"\n`,
          };
      fix = {
        title: { en: 'Insert protocol: "erdl/v2"', zh: '插入 protocol: "erdl/v2"' },
        edits: [{ range: { start: insert.at, end: insert.at }, newText: insert.newText }],
      };
    }
    ctx.report('ERDL-E103', first?.keyNode.range ?? { start: 0, end: 0 }, {}, fix);
  }
  const protocol = root.items.find((p) => p.key === 'protocol')?.value;
  if (protocol && !(isScalar(protocol) && protocol.value === PROTOCOL)) {
    ctx.report('ERDL-E104', protocol.range, {
      value: isScalar(protocol) ? String(protocol.value) : '…',
    });
  }
  const version = root.items.find((p) => p.key === 'version')?.value;
  if (version) checkVersion(fields, version);

  const metadata = root.items.find((p) => p.key === 'metadata')?.value;
  const rules = root.items.find((p) => p.key === 'rules')?.value;
  let metaMap: YMap | undefined;
  if (metadata) {
    if (metadata.kind === 'map') metaMap = metadata;
    else
      ctx.report('ERDL-E108', metadata.range, {
        field: 'metadata',
        expected: { en: 'a mapping', zh: '映射' },
      });
  }
  if (rules && rules.kind !== 'seq') {
    ctx.report('ERDL-E108', rules.range, {
      field: 'rules',
      expected: { en: 'a list of rules', zh: '规则列表' },
    });
    return metaMap ? { metadata: metaMap } : {};
  }
  if (rules?.kind === 'seq' && rules.items.length === 0) ctx.report('ERDL-W112', rules.range);
  return { ...(metaMap ? { metadata: metaMap } : {}), ...(rules ? { rules } : {}) };
}

function checkVersion(fields: Fields, n: YNode): void {
  const written = isScalar(n) ? (n.style === 'plain' ? n.source : JSON.stringify(n.value)) : '…';
  const m = isScalar(n) && typeof n.value === 'string' ? SEMVER.exec(n.value) : null;
  if (m?.[1] !== '2') {
    fields.ctx.report('ERDL-E105', n.range, { value: written });
    return;
  }
  const [, , minor] = m;
  const supportedMinor = Number(FORMAT_VERSION.split('.')[1]);
  if (Number(minor) > supportedMinor)
    fields.ctx.report('ERDL-W106', n.range, {
      value: String((n as YScalar).value),
      supported: FORMAT_VERSION,
    });
}

/** §2.2 metadata. The fallback decision is required (never a silent default). */
export function validateMetadata(
  fields: Fields,
  meta: YMap | undefined,
  docRange: Range,
): Metadata | null {
  const { ctx } = fields;
  if (!meta) return null;
  const known = METADATA_FIELDS.map((f) => f.name as string);
  for (const p of meta.items) {
    if (known.includes(p.key)) continue;
    const s = suggest(p.key, known, p.keyNode.range, {}, keysOf(meta));
    ctx.report('ERDL-W110', p.keyNode.range, { field: p.key, ...s.params }, s.fix);
  }
  const name = fields.string(meta, 'name');
  if (!meta.items.some((p) => p.key === 'name')) ctx.report('ERDL-W111', meta.range);
  const description = fields.string(meta, 'description');
  const category = fields.string(meta, 'category');
  const tagsNode = meta.items.find((p) => p.key === 'tags')?.value;
  let tags: string[] | undefined;
  if (tagsNode) {
    if (
      tagsNode.kind === 'seq' &&
      tagsNode.items.every((t) => isScalar(t) && typeof t.value === 'string')
    ) {
      tags = tagsNode.items.map((t) => String((t as YScalar).value));
    } else
      ctx.report('ERDL-E108', tagsNode.range, {
        field: 'metadata.tags',
        expected: { en: 'a list of strings', zh: '字符串列表' },
      });
  }
  const decisionNode = meta.items.find((p) => p.key === 'decision')?.value;
  if (!decisionNode) {
    ctx.report(
      'ERDL-E109',
      meta.range.start === meta.range.end
        ? docRange
        : { start: meta.range.start, end: meta.range.start },
    );
    return null;
  }
  const decision = fields.decision(decisionNode);
  if (!decision) return null;
  return {
    decision,
    ...(name !== undefined ? { name } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(category !== undefined ? { category } : {}),
    ...(tags !== undefined ? { tags } : {}),
  };
}
