import {
  type CompileResult,
  canonicalJson,
  canonicalRuleHash,
  childrenOf,
  type ExprNode,
  type FieldDictionary,
  renderGloss,
} from '../kernel';
import type { CanonicalRuleView, GlossedNode } from './kernel-protocol';

/** Beyond this many nodes a tree is shown without per-node gloss (each gloss renders its subtree). */
const MAX_GLOSSED_NODES = 2_000;

/**
 * One rule's canonical form as the manifest and the CLI have it — the `when` bytes and rule hash,
 * the canonical rule object and its hash — and its trees with each node's gloss in zh and en.
 * Null when the document does not compile or has no such rule.
 */
export function ruleCanonical(
  result: CompileResult,
  name: string,
  dictionary: FieldDictionary | undefined,
): CanonicalRuleView | null {
  const rule = result.document?.rules.find((r) => r.name === name);
  if (!rule) return null;
  const { canonical, hash } = canonicalRuleHash(rule);
  const budget = { left: MAX_GLOSSED_NODES };
  return {
    rule: rule.name,
    hash: rule.hash,
    whenBytes: canonicalJson(rule.when),
    canonicalBytes: canonicalJson(canonical),
    canonicalHash: hash,
    when: glossed(rule.when, dictionary, budget),
    unless: rule.unless ? glossed(rule.unless, dictionary, budget) : null,
  };
}

function glossed(
  node: ExprNode,
  dictionary: FieldDictionary | undefined,
  budget: { left: number },
): GlossedNode {
  const { args: _children, ...own } = node as ExprNode & { args?: unknown };
  budget.left -= 1;
  return {
    node: node.node,
    detail: canonicalJson(own),
    gloss: budget.left >= 0 ? glossOf(node, dictionary) : null,
    children: childrenOf(node).map((child) => glossed(child, dictionary, budget)),
  };
}

/** The node read aloud on its own; null when the templates have no sentence for it. */
function glossOf(
  node: ExprNode,
  dictionary: FieldDictionary | undefined,
): { zh: string; en: string } | null {
  try {
    return {
      zh: renderGloss(node, { lang: 'zh', dictionary }),
      en: renderGloss(node, { lang: 'en', dictionary }),
    };
  } catch {
    return null;
  }
}
