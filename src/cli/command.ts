/**
 * The `erdl` command itself, imported by its entry (main.ts) once that has started any batch
 * workers. Contract (README, tests/cli.test.ts): check / hash / tree RULES; exit 0 ok, 1 load
 * errors, 2 usage error or unreadable file.
 * This file only wires the real process to run(); the exit code is set, never forced, so
 * buffered output is flushed before Node exits — except after an exception nothing caught, which
 * leaves the process in no known state: reported (internal-error.ts), then the process exits.
 */
import { setHostSha256 } from '../kernel';
import { nodeSha256 } from './batch/node-sha256';
import { endPrestarted } from './batch/prestart';
import { reportInternalError } from './internal-error';
import { nodeIo, watchOutput } from './io';
import { run } from './run';

// Result hashes with Node's native SHA-256 (the same hashes, ~10× faster than the kernel's own).
setHostSha256(nodeSha256);

// `erdl tree x | head` closes the pipe early: that is not an error of the command. Any other
// failure to write standard output (a full disk: ENOSPC) is said once the verb is done
// (io.outFailed, run.ts), in both languages, exit 2 — the output's fault, not a bug in erdl.
watchOutput();

const io = nodeIo();
const debug = Boolean(process.env.ERDL_DEBUG);
// A bug anywhere below is reported as an error, in both languages, never as a bare stack trace.
process.on('uncaughtException', (error) => {
  process.exitCode = reportInternalError(io, error, debug);
  process.exit();
});
try {
  process.exitCode = await run(process.argv.slice(2), io);
} catch (error) {
  process.exitCode = reportInternalError(io, error, debug);
} finally {
  // Workers main.ts started for a batch the verb did not run (its arguments were refused).
  endPrestarted();
}
