/**
 * `erdl lsp`: a language server over standard input and output (vscode-languageserver), on the
 * same kernel as the studio and the CLI. Documents are kept in sync incrementally; each change is
 * compiled by the kernel's incremental compiler and its diagnostics published at once, then the
 * gloss phase runs (hover's glosses, the gloss lint) and republishes when it adds findings.
 * Loaded only by the `lsp` verb (src/cli/verbs/lsp.ts), with `import()`: nothing else of the
 * command pays for vscode-languageserver.
 */
import { performance } from 'node:perf_hooks';
import {
  createConnection,
  type InitializeResult,
  ProposedFeatures,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { KERNEL_VERSION } from '../kernel';
import { type Analysis, DocumentAnalyzer, isRulesUri, withinLimit } from './analysis';
import {
  codeActions,
  completion,
  definition,
  documentSymbols,
  hover,
  toLspDiagnostic,
} from './features';
import { type FramingRefusal, framingGuard } from './framing';
import type { LspLang } from './strings';

/** How long the gloss phase runs before it lets the server read its next message. */
const GLOSS_SLICE_MS = 8;

/** The editor's language: `initializationOptions.lang`, else its locale (zh… → Chinese first). */
export function leadLanguage(locale: unknown, options: unknown): LspLang {
  const asked = (options as { lang?: unknown } | null | undefined)?.lang;
  if (asked === 'zh' || asked === 'en') return asked;
  return typeof locale === 'string' && /^zh([_-]|$)/i.test(locale) ? 'zh' : 'en';
}

/**
 * Serves the protocol on the given streams until the client says `exit` (then Node exits). The
 * input is read through the framing guard (framing.ts): a message that breaks the base protocol
 * or its limits reaches `onRefusal`, which is to say why and end the process.
 */
export function startLspServer(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  onRefusal: (refusal: FramingRefusal) => void,
): void {
  const guard = framingGuard(onRefusal);
  input.pipe(guard);
  // The input closing without its end (an error) ends the guard's input too: the connection then
  // ends as it did on the input itself. The error itself is that end, not a crash.
  input.on('error', () => {});
  input.on('close', () => {
    if (!guard.writableEnded) guard.end();
  });
  const connection = createConnection(ProposedFeatures.all, guard, output);
  const documents = new TextDocuments(TextDocument);
  const analyzers = new Map<string, DocumentAnalyzer>();
  let lang: LspLang = 'en';

  const analyzerOf = (uri: string) => {
    let a = analyzers.get(uri);
    if (!a) {
      a = new DocumentAnalyzer();
      analyzers.set(uri, a);
    }
    return a;
  };
  const analysisOf = (uri: string): Analysis | null => {
    const doc = documents.get(uri);
    return doc && isRulesUri(uri) ? analyzerOf(uri).analyze(doc.getText()) : null;
  };
  const lineReader = (uri: string) => {
    const doc = documents.get(uri);
    if (!doc || !withinLimit(doc.getText())) return null;
    const lines = doc.getText().split(/\r\n|\r|\n/);
    return (i: number) => lines[i] ?? '';
  };

  connection.onInitialize((params): InitializeResult => {
    lang = leadLanguage(params.locale, params.initializationOptions);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        completionProvider: { triggerCharacters: [' ', ':'] },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        documentSymbolProvider: true,
        definitionProvider: true,
      },
      serverInfo: { name: 'erdl', version: KERNEL_VERSION },
    };
  });

  const pendingGloss = new Map<string, ReturnType<typeof setImmediate>>();
  const publish = (uri: string) => {
    const doc = documents.get(uri);
    if (!doc || !isRulesUri(uri)) return;
    const version = doc.version;
    const analysis = analyzerOf(uri).analyze(doc.getText());
    void connection.sendDiagnostics({
      uri,
      version,
      diagnostics: analysis.diagnostics.map((d) => toLspDiagnostic(d, lang)),
    });
    // The gloss phase after the diagnostics are out, in slices (other messages are answered
    // between them), dropped as soon as the text changes.
    const previous = pendingGloss.get(uri);
    if (previous) clearImmediate(previous);
    const steps = analyzerOf(uri).glossSteps(analysis);
    const slice = () => {
      pendingGloss.delete(uri);
      if (documents.get(uri)?.version !== version) return;
      const until = performance.now() + GLOSS_SLICE_MS;
      let step = steps.next();
      while (!step.done && performance.now() < until) step = steps.next();
      if (!step.done) {
        pendingGloss.set(uri, setImmediate(slice));
        return;
      }
      const glossed = step.value;
      if (!glossed || glossed.lint.length === 0) return;
      void connection.sendDiagnostics({
        uri,
        version,
        diagnostics: [...analysis.diagnostics, ...glossed.lint].map((d) =>
          toLspDiagnostic(d, lang),
        ),
      });
    };
    pendingGloss.set(uri, setImmediate(slice));
  };

  documents.onDidChangeContent((change) => publish(change.document.uri));
  documents.onDidClose((event) => {
    analyzers.delete(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  connection.onCodeAction((params) => {
    const analysis = analysisOf(params.textDocument.uri);
    if (!analysis) return [];
    const glossed = analysis.result.document
      ? analyzerOf(params.textDocument.uri).gloss(analysis)
      : null;
    const all = [...analysis.diagnostics, ...(glossed?.lint ?? [])];
    return codeActions(params.textDocument.uri, analysis, all, params.range, lang);
  });

  connection.onHover((params) => {
    const uri = params.textDocument.uri;
    const analysis = analysisOf(uri);
    const lineAt = lineReader(uri);
    if (!analysis || !lineAt) return null;
    const glossed = analyzerOf(uri).gloss(analysis);
    return hover({
      lineAt,
      position: params.position,
      lang,
      rules: analysis.result.document?.rules ?? [],
      glosses: glossed?.rules ?? null,
    });
  });

  connection.onCompletion((params) => {
    const uri = params.textDocument.uri;
    const lineAt = lineReader(uri);
    if (!lineAt || !isRulesUri(uri)) return [];
    analysisOf(uri);
    return completion(lineAt, params.position, analyzerOf(uri).fields, lang);
  });

  // The outline and go to definition answer from the last text that loaded while the current one
  // has a load error (its rules cannot be named otherwise).
  const loadedOf = (uri: string): Analysis | null => {
    const analysis = analysisOf(uri);
    return analysis ? analyzerOf(uri).loaded(analysis) : null;
  };

  connection.onDocumentSymbol((params) => {
    const analysis = loadedOf(params.textDocument.uri);
    return analysis ? documentSymbols(analysis) : [];
  });

  connection.onDefinition((params) => {
    const lineAt = lineReader(params.textDocument.uri);
    if (!lineAt) return [];
    const open = new Map<string, Analysis>();
    for (const doc of documents.all()) {
      const analysis = loadedOf(doc.uri);
      if (analysis) open.set(doc.uri, analysis);
    }
    return definition(lineAt, params.position, open);
  });

  documents.listen(connection);
  connection.listen();
}
