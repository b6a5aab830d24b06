/** The `erdl` exit codes (a contract: scripts and CI read them). */
export const EXIT_OK = 0;
/** The rule document has load errors (§2.4 ②: invalid documents are rejected). */
export const EXIT_INVALID = 1;
/** Usage error (no verb, unknown verb or option, wrong arguments) or an unreadable file. */
export const EXIT_USAGE = 2;

export type ExitCode = typeof EXIT_OK | typeof EXIT_INVALID | typeof EXIT_USAGE;
