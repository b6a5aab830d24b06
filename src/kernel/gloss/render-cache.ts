import type { ExprNode } from '../tree/types';
import type { ColumnLabels, FieldDictionary } from './names';
import { type GlossOptions, type GlossRender, type GlossRule, renderRuleDetailed } from './render';

/**
 * `renderRuleDetailed`, remembered. A rule sentence depends only on the rule's `when` and `unless`
 * trees, `then`, `form` and `row`, and on the language, the column labels, the field dictionary
 * and the built-ins (render.ts reads nothing else), so that is the key: the trees by identity —
 * which also keeps the render's `unnamed` field nodes the very nodes of the document's source map —
 * the labels by content, the dictionaries by identity. The editing path keeps a rule's trees while
 * its text is unchanged (incremental/compiler.ts), so an edit re-renders about one rule.
 */
export class RenderCache {
  /** when tree → unless tree (or NO_UNLESS) → "lang|then|form|row|labels" → the render. */
  private readonly byTree = new WeakMap<ExprNode, WeakMap<object, Map<string, Cached>>>();
  private readonly labelKeys = new WeakMap<ColumnLabels, string>();
  /** Renders computed so far (cache misses; tests and benchmarks). */
  rendered = 0;

  render(rule: GlossRule, options: GlossOptions): GlossRender {
    const byKey = this.keysFor(rule.when, rule.unless ?? NO_UNLESS);
    const key = `${options.lang}|${rule.then}|${rule.form}|${rule.row ?? ''}|${this.labelKey(options.labels)}`;
    const hit = byKey.get(key);
    if (hit && hit.dictionary === options.dictionary && hit.builtins === options.builtins)
      return hit.render;
    this.rendered++;
    const render = renderRuleDetailed(rule, options);
    // Shared trees (`when: "true"` is one node) collect keys over a session: keep them bounded.
    if (byKey.size >= MAX_KEYS_PER_TREE) byKey.clear();
    byKey.set(key, { dictionary: options.dictionary, builtins: options.builtins, render });
    return render;
  }

  private keysFor(when: ExprNode, unless: object): Map<string, Cached> {
    let byUnless = this.byTree.get(when);
    if (!byUnless) {
      byUnless = new WeakMap();
      this.byTree.set(when, byUnless);
    }
    let byKey = byUnless.get(unless);
    if (!byKey) {
      byKey = new Map();
      byUnless.set(unless, byKey);
    }
    return byKey;
  }

  private labelKey(labels: ColumnLabels | undefined): string {
    if (!labels || labels.size === 0) return '';
    let key = this.labelKeys.get(labels);
    if (key === undefined) {
      key = JSON.stringify([...labels]);
      this.labelKeys.set(labels, key);
    }
    return key;
  }
}

interface Cached {
  readonly dictionary: FieldDictionary | undefined;
  readonly builtins: FieldDictionary | undefined;
  readonly render: GlossRender;
}

const NO_UNLESS = {};
const MAX_KEYS_PER_TREE = 64;
