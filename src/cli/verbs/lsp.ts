import { LSP_VERB_STRINGS } from '../../lsp/strings';
import { EXIT_USAGE } from '../exit-codes';
import { printError } from '../messages';
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
  // Editors start a server with --stdio (VS Code's stdio transport, many lspconfig entries).
  options: [{ name: '--stdio', value: '', flag: true, summary: LSP_VERB_STRINGS.stdioOption }],
  summary: LSP_VERB_STRINGS.summary,
  details: LSP_VERB_STRINGS.details,
  async run(io) {
    const { startLspServer } = await import('../../lsp/server');
    // Input that breaks the protocol or its limits (src/lsp/framing.ts): said in both languages,
    // then exit 2 as every other refused input; the server has nothing left to read.
    // A message whose params are not what its method takes (src/lsp/params.ts) is not a broken
    // protocol: a request gets an error, a notification is ignored and said here, and it goes on.
    startLspServer(
      process.stdin,
      process.stdout,
      (refusal) => {
        printError(io, refusal.text);
        process.exit(EXIT_USAGE);
      },
      { warn: (text) => printError(io, text) },
    );
    // The connection ends the process (exit, or the client's streams closing).
    return new Promise(() => {});
  },
};
