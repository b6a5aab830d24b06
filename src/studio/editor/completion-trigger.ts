/**
 * When a typed space should ask monaco-yaml (its YAML worker) for completions. monaco-yaml opens a
 * completion request on every space; typing a sentence into a rule's `message:` of a 1,000-rule
 * document then sent one worker round trip (the worker re-reads the document) per word. A space
 * can only start something monaco-yaml completes — a key or a value — where nothing but
 * indentation, sequence dashes, a `key:` or flow punctuation precedes it on the line; after a word
 * it is inside a scalar or a comment. Ctrl+Space (an explicit request) always asks.
 */
export function spaceMayComplete(linePrefix: string): boolean {
  const last = linePrefix.trimEnd().at(-1);
  return last === undefined || '-:{[,'.includes(last);
}

/** Monaco's `CompletionTriggerKind.TriggerCharacter`. */
const TRIGGER_CHARACTER = 1;

interface TriggerContext {
  readonly triggerKind: number;
  readonly triggerCharacter?: string;
}

/** False for a space typed where {@link spaceMayComplete} says nothing can be completed. */
export function shouldComplete(linePrefix: string, context: TriggerContext): boolean {
  return (
    context.triggerKind !== TRIGGER_CHARACTER ||
    context.triggerCharacter !== ' ' ||
    spaceMayComplete(linePrefix)
  );
}
