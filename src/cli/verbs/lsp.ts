import { LSP_VERB_STRINGS } from '../../lsp/strings';
import type { Verb } from './verb';

/**
 * `erdl lsp`: the language server (src/lsp) for VS Code, Neovim, Helix and any LSP client
 * (docs/editors.md). It talks JSON-RPC on the process's own standard input and output, so it
 * takes the raw streams, not the CliIo's lines; vscode-languageserver is imported only here.
 */
export const lspVerb: Verb = {
  name: 'lsp',
  stdout: 'document',
  args: [],
  summary: LSP_VERB_STRINGS.summary,
  details: [
    'Speaks the Language Server Protocol over stdin/stdout until the client sends exit:',
    'diagnostics with codes and positions, quick fixes, hover (glosses in both languages,',
    'operators, decisions, keys), completion, document symbols and go to a rule by name.',
    'Editor set-up: docs/editors.md. Exits 0 after shutdown and exit, 1 when the client goes',
    'away without them (the protocol asks for this).',
  ],
  async run() {
    const { startLspServer } = await import('../../lsp/server');
    startLspServer(process.stdin, process.stdout);
    // The connection ends the process (exit, or the client's streams closing).
    return new Promise(() => {});
  },
};
