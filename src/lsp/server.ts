/**
 * `erdl lsp`: a language server over standard input and output (vscode-languageserver), on the
 * same kernel as the studio and the CLI. Documents are kept in sync incrementally; each change is
 * compiled by the kernel's incremental compiler and its diagnostics published at once, then the
 * gloss phase runs (hover's glosses, the gloss lint) and republishes when it adds findings.
 * Every message reaches the connection through the framing guard (framing.ts) and then the params
 * gate (params.ts): no handler meets params its method does not take, and a change that cannot be
 * applied to its document as it is leaves the document alone.
 * Loaded only by the `lsp` verb (src/cli/verbs/lsp.ts), with `import()`: nothing else of the
 * command pays for vscode-languageserver.
 */
import { performance } from 'node:perf_hooks';
import {
  createConnection,
  type DataCallback,
  ErrorCodes,
  type InitializeResult,
  Message,
  type MessageReader,
  type NotificationMessage,
  ProposedFeatures,
  type RequestMessage,
  type ResponseMessage,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fill } from '../i18n/format';
import { type Bilingual, KERNEL_VERSION } from '../kernel';
import { enQuote, zhQuote } from '../kernel/util/quote';
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
import {
  changeProblem,
  messageProblem,
  type ParamsProblem,
  paramsProblem,
  versionProblem,
} from './params';
import { LSP_PARAMS_STRINGS, type LspLang } from './strings';

/** How long the gloss phase runs before it lets the server read its next message. */
const GLOSS_SLICE_MS = 8;

/** The editor's language: `initializationOptions.lang`, else its locale (zh… → Chinese first). */
export function leadLanguage(locale: unknown, options: unknown): LspLang {
  const asked = (options as { lang?: unknown } | null | undefined)?.lang;
  if (asked === 'zh' || asked === 'en') return asked;
  return typeof locale === 'string' && /^zh([_-]|$)/i.test(locale) ? 'zh' : 'en';
}

/** What the server does besides the protocol (the verb's, or a test's). */
export interface LspServerHooks {
  /** A notification ignored for its params: one line per language, on standard error. */
  readonly warn?: (text: Bilingual) => void;
  /** The input ended between messages: 0 after `shutdown`, else 1 (the protocol asks for this). */
  readonly end?: (code: number) => void;
}

/**
 * The messages vscode-jsonrpc reads, through the params check (params.ts): a request or
 * notification of a method the server handles reaches the connection only when its params are
 * what the method takes; any other is given to `refuse` instead, so no handler sees it.
 */
function paramsGate(
  reader: MessageReader,
  refuse: (message: RequestMessage | NotificationMessage, problem: ParamsProblem) => void,
  invalid: (problem: ParamsProblem) => void,
): MessageReader {
  return {
    onError: reader.onError,
    onClose: reader.onClose,
    onPartialMessage: reader.onPartialMessage,
    listen: (callback: DataCallback) =>
      reader.listen((message) => {
        const notJsonRpc = messageProblem(message);
        if (notJsonRpc) return invalid(notJsonRpc);
        if (Message.isRequest(message) || Message.isNotification(message)) {
          const problem = paramsProblem(message.method, message.params);
          if (problem) return refuse(message, problem);
        }
        callback(message);
      }),
    dispose: () => reader.dispose(),
  };
}

/**
 * Serves the protocol on the given streams until the client says `exit` (then Node exits). The
 * input is read through the framing guard (framing.ts): a message that breaks the base protocol
 * or its limits reaches `onRefusal`, which is to say why and end the process. Each message is
 * then checked by the params gate: a request whose params are not what its method takes is
 * answered with InvalidParams (-32602) naming the field, in both languages (the editor's first);
 * such a notification is ignored — nothing changes — and said once, on standard error (`warn`)
 * and through window/logMessage.
 */
export function startLspServer(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  onRefusal: (refusal: FramingRefusal) => void,
  hooks: LspServerHooks = {},
): void {
  const warn =
    hooks.warn ??
    ((text: Bilingual) => process.stderr.write(`erdl: ${text.en}\nerdl：${text.zh}\n`));
  const guard = framingGuard(onRefusal);
  input.pipe(guard);
  // The input closing without its end (an error) ends the guard's input too: the connection then
  // ends as it did on the input itself. The error itself is that end, not a crash.
  input.on('error', () => {});
  input.on('close', () => {
    if (!guard.writableEnded) guard.end();
  });
  let lang: LspLang = 'en';
  /** Both languages, the editor's first: a JSON-RPC error's message, a log message. */
  const leadFirst = (text: Bilingual) =>
    lang === 'zh' ? `${text.zh}\n${text.en}` : `${text.en}\n${text.zh}`;
  const writer = new StreamMessageWriter(output);
  const ignored = (method: string, problem: ParamsProblem) => {
    const text = fill(LSP_PARAMS_STRINGS.ignored, { method, problem: problem.text });
    warn(text);
    connection.console.error(leadFirst(text));
  };
  const reader = paramsGate(
    new StreamMessageReader(guard),
    (message, problem) => {
      if (!Message.isRequest(message)) return ignored(message.method, problem);
      const reply: ResponseMessage = {
        jsonrpc: '2.0',
        id: message.id,
        error: { code: ErrorCodes.InvalidParams, message: leadFirst(problem.text) },
      };
      void writer.write(reply);
    },
    // Not JSON-RPC: said once, and answered as JSON-RPC 2.0 asks (Invalid Request, id null).
    (problem) => {
      const text = fill(LSP_PARAMS_STRINGS.notJsonRpc, { problem: problem.text });
      warn(text);
      connection.console.error(leadFirst(text));
      const reply: ResponseMessage = {
        jsonrpc: '2.0',
        id: null,
        error: { code: ErrorCodes.InvalidRequest, message: leadFirst(text) },
      };
      void writer.write(reply);
    },
  );
  const connection = createConnection(ProposedFeatures.all, reader, writer);
  // The input ending between messages ends the server, as vscode-languageserver does when it is
  // given the stream itself (here it is given the gate).
  let shutdown = false;
  let ended = false;
  connection.onShutdown(() => {
    shutdown = true;
  });
  const end = () => {
    if (ended) return;
    ended = true;
    (hooks.end ?? ((code: number) => process.exit(code)))(shutdown ? 0 : 1);
  };
  guard.on('end', end);
  guard.on('close', end);
  /** The open documents by URI, as their didOpen and didChange leave them. */
  const documents = new Map<string, TextDocument>();
  /**
   * Open documents whose text here is no longer the editor's (a change could not be applied), by
   * URI, with why: nothing is said about them — no diagnostics of a text the editor does not show,
   * no hover — but that, until they are opened again.
   */
  const outOfStep = new Map<string, Bilingual>();
  const analyzers = new Map<string, DocumentAnalyzer>();

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

  // The documents' sync (incremental, as announced; a change without a range replaces the text).
  connection.onDidOpenTextDocument(({ textDocument: d }) => {
    // Opened twice without a close between (the protocol forbids it): the editor's whole text,
    // which it sends here, is the one it shows, so it replaces this one — said, not silently.
    if (documents.has(d.uri)) {
      const text = fill(LSP_PARAMS_STRINGS.reopened, {
        uri: { en: enQuote(d.uri, 200), zh: zhQuote(d.uri, 200) },
      });
      warn(text);
      connection.console.warn(leadFirst(text));
      analyzers.delete(d.uri);
    }
    outOfStep.delete(d.uri);
    documents.set(d.uri, TextDocument.create(d.uri, d.languageId, d.version, d.text));
    publish(d.uri);
  });
  /**
   * The editor applied a change this text cannot take: from now on the two texts differ, so the
   * document is dropped here and its diagnostics become one notice saying so (at its start),
   * until the editor opens it again.
   */
  const lostStep = (uri: string, problem: ParamsProblem) => {
    documents.delete(uri);
    analyzers.delete(uri);
    const pending = pendingGloss.get(uri);
    if (pending) clearImmediate(pending);
    pendingGloss.delete(uri);
    const text = fill(LSP_PARAMS_STRINGS.outOfStep, { problem: problem.text });
    outOfStep.set(uri, text);
    const start = { line: 0, character: 0 };
    void connection.sendDiagnostics({
      uri,
      diagnostics: [
        {
          range: { start, end: start },
          severity: 1,
          code: 'out-of-step',
          source: 'ERDL',
          message: leadFirst(text),
        },
      ],
    });
  };
  connection.onDidChangeTextDocument(({ textDocument: { uri, version }, contentChanges }) => {
    // Out of step already: said once, when it happened.
    if (outOfStep.has(uri)) return;
    const doc = documents.get(uri);
    // A change that cannot be applied as it is (a document not open, a range outside its text, a
    // version that does not come after the document's) is refused whole; an open document is
    // then out of step with the editor, which has applied it.
    const problem = changeProblem(doc, uri, contentChanges) ?? versionProblem(doc, version);
    if (problem) {
      ignored('textDocument/didChange', problem);
      if (doc) lostStep(uri, problem);
      return;
    }
    if (!doc || contentChanges.length === 0) return;
    TextDocument.update(doc, contentChanges, version);
    publish(uri);
  });
  connection.onDidCloseTextDocument(({ textDocument: { uri } }) => {
    const wasOutOfStep = outOfStep.delete(uri);
    if (!documents.delete(uri) && !wasOutOfStep) return;
    analyzers.delete(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
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
    for (const doc of documents.values()) {
      const analysis = loadedOf(doc.uri);
      if (analysis) open.set(doc.uri, analysis);
    }
    return definition(lineAt, params.position, open);
  });

  connection.listen();
}
