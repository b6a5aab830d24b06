import { EXIT_OK } from '../exit-codes';
import { loadDocument } from '../load-document';
import { orderedObject } from '../printer';
import type { Verb } from './verb';

export const hash: Verb = {
  name: 'hash',
  stdout: 'json',
  args: ['RULES'],
  summary: { en: 'print the document and rule hashes', zh: '输出文档与规则哈希' },
  details: [
    'Prints one line: {"document":"sha256:…","rules":{"<rule name>":"sha256:…"}}',
    'Rules are in definition order; decision-table rows are named <entry>#<n>.',
    'On load errors, prints the diagnostics to stderr and exits 1.',
  ],
  async run(io, [file]) {
    const loaded = await loadDocument(io, file as string);
    if (!loaded.ok) return loaded.code;
    const { document } = loaded;
    const rules = orderedObject(document.rules.map((r) => [r.name, JSON.stringify(r.hash)]));
    io.out(
      orderedObject([
        ['document', JSON.stringify(document.hash)],
        ['rules', rules],
      ]),
    );
    return EXIT_OK;
  },
};
