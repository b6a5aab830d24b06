// The ERDL extension: starts `erdl lsp` (the erdl-studio package's language server) over stdio
// for rule documents (*.erdl.yaml, *.erdl.yml) and fact suites (*.facts.yaml, for going to a rule
// from its name). Everything else — diagnostics, fixes, hover, completion — is the server's.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** Which documents the server serves. */
const DOCUMENT_SELECTOR = [
  { scheme: 'file', pattern: '**/*.erdl.{yaml,yml}' },
  { scheme: 'file', pattern: '**/*.facts.{yaml,yml}' },
  { scheme: 'untitled', language: 'yaml' },
];

/** `erdl lsp`: a plain executable on stdio (no --stdio argument: the server needs none). */
function serverOptions(config) {
  return { command: config.get('server.command') || 'erdl', args: ['lsp'] };
}

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('erdl');
  const language = config.get('server.language');
  client = new LanguageClient('erdl', 'ERDL', serverOptions(config), {
    documentSelector: DOCUMENT_SELECTOR,
    initializationOptions: language ? { lang: language } : {},
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate, serverOptions, DOCUMENT_SELECTOR };
