/** Document ids: random, so two tabs or an imported workspace never collide. */
export function newDocumentId(): string {
  return `doc-${crypto.randomUUID()}`;
}
