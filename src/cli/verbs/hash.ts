import { EXIT_OK } from '../exit-codes';
import { loadDocument } from '../load-document';
import { orderedObject } from '../printer';
import { HASH_STRINGS as msg } from '../strings/hash';
import { HELP } from '../strings/help';
import type { Verb } from './verb';

export const hash: Verb = {
  name: 'hash',
  stdout: 'json',
  args: ['RULES'],
  summary: msg.summary,
  details: HELP.hash,
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
