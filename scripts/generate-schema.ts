/**
 * Writes public/schema/erdl-v2.1.schema.json from the kernel vocabulary (the editor's schema).
 * `npm run schema` regenerates it; tests/schema.test.ts fails when the committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildJsonSchema } from '../src/kernel';

export const SCHEMA_PATH = fileURLToPath(
  new URL('../public/schema/erdl-v2.1.schema.json', import.meta.url),
);

export function schemaText(): string {
  return `${JSON.stringify(buildJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_PATH, schemaText());
  console.log(`wrote ${SCHEMA_PATH}`);
}
