import type { Marks } from './marks';

/**
 * The rules of `starts_with` conditions on one field, by prefix, in a trie over UTF-16 code units
 * (`String.prototype.startsWith` compares code units): a text reaches exactly the rules whose
 * prefix it starts with, in one walk along it.
 */
interface TrieNode {
  rules: number[];
  readonly next: Map<number, TrieNode>;
}

const node = (): TrieNode => ({ rules: [], next: new Map() });

export class PrefixTrie {
  private readonly root = node();

  add(prefix: string, rule: number): void {
    let at = this.root;
    for (let i = 0; i < prefix.length; i++) {
      const c = prefix.charCodeAt(i);
      let child = at.next.get(c);
      if (!child) {
        child = node();
        at.next.set(c, child);
      }
      at = child;
    }
    at.rules.push(rule);
  }

  /** Marks every rule whose prefix `text` starts with. */
  mark(text: string, marks: Marks): void {
    let at: TrieNode | undefined = this.root;
    for (let i = 0; at !== undefined; i++) {
      const rules = at.rules;
      for (let k = 0; k < rules.length; k++) marks.hit(rules[k] as number);
      if (i === text.length) return;
      at = at.next.get(text.charCodeAt(i));
    }
  }
}
