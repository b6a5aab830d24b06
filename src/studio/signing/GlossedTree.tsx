import './signing.css';
import { revealText } from '../../kernel/util/visible-text';
import type { GlossedNode } from '../../worker/kernel-protocol';
import { format, useT } from '../i18n/i18n';
import { VisibleText } from '../shell/VisibleText';
import type { Lang } from '../store/types';
import { signingStrings } from './strings';

/**
 * A canonical tree as nested disclosure widgets: each node shows its type and own members; its
 * gloss (rendered by the kernel in the worker) appears on hover and is read by screen readers.
 */
export function GlossedTree({ node, lang }: { readonly node: GlossedNode; readonly lang: Lang }) {
  const t = useT(signingStrings);
  const gloss = node.gloss
    ? format(t.tree.glossOf, { gloss: revealText(node.gloss[lang]) })
    : t.tree.noGloss;
  const label = (
    <>
      <span className="mono tree-node-type">{node.node}</span>{' '}
      <span className="mono muted tree-node-detail">
        <VisibleText text={node.detail} />
      </span>
      <span className="visually-hidden">. {gloss}</span>
    </>
  );
  if (node.children.length === 0)
    return (
      <li className="tree-leaf" title={gloss}>
        {label}
      </li>
    );
  return (
    <li>
      <details open>
        <summary title={gloss}>{label}</summary>
        <ul className="canonical-tree">
          {node.children.map((child, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: arguments are positional
            <GlossedTree key={i} node={child} lang={lang} />
          ))}
        </ul>
      </details>
    </li>
  );
}
