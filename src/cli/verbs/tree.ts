import { EXIT_OK } from '../exit-codes';
import { loadDocument } from '../load-document';
import { orderedObjectPretty, prettyCanonical } from '../printer';
import { HELP } from '../strings/help';
import { TREE_STRINGS as msg } from '../strings/tree';
import type { Verb } from './verb';

export const tree: Verb = {
  name: 'tree',
  stdout: 'json',
  args: ['RULES'],
  summary: msg.summary,
  details: HELP.tree,
  async run(io, [file]) {
    const loaded = await loadDocument(io, file as string);
    if (!loaded.ok) return loaded.code;
    io.out(
      orderedObjectPretty(loaded.document.rules.map((r) => [r.name, prettyCanonical(r.when)])),
    );
    return EXIT_OK;
  },
};
