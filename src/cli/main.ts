/**
 * The `erdl` command's entry (`npm run --silent erdl -- <verb> …`; built, lib/erdl.js): the batch
 * workers of `erdl eval RULES --facts FILE` started first (prestart.ts), so that their start runs
 * beside the loading of the command's own modules rather than after it; then the command
 * (command.ts). Nothing else may be imported here: it would load before the workers start.
 */
import { prestartWorkers } from './batch/prestart';

prestartWorkers(process.argv.slice(2));
await import('./command');
