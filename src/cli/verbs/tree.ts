import { EXIT_OK } from '../exit-codes';
import { loadDocument } from '../load-document';
import { orderedObjectPretty, prettyCanonical } from '../printer';
import type { Verb } from './verb';

export const tree: Verb = {
  name: 'tree',
  stdout: 'json',
  args: ['RULES'],
  summary: { en: "print each rule's canonical tree", zh: '输出每条规则的规范树' },
  details: [
    'Prints {"<rule name>": <canonical when tree>, …} as JSON (2-space indentation).',
    'On load errors, prints the diagnostics to stderr and exits 1.',
  ],
  async run(io, [file]) {
    const loaded = await loadDocument(io, file as string);
    if (!loaded.ok) return loaded.code;
    io.out(
      orderedObjectPretty(loaded.document.rules.map((r) => [r.name, prettyCanonical(r.when)])),
    );
    return EXIT_OK;
  },
};
