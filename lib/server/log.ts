import pino, { type Logger } from "pino";

/*
 * The server's one logger: JSON lines on stdout (pino), at LOG_LEVEL (default info). What it is
 * told must never hold personal data: no addresses, tokens, cookies, user ids, emails or query
 * strings. Errors go under `err`, which pino serialises with their stack.
 *
 * The server entry and Next.js's bundles each load this module; they meet in one logger through
 * the process's global symbol registry, as the database handle does.
 */

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
type Level = (typeof LEVELS)[number];

const LOGGER = Symbol.for("creator-jobs.logger");
type GlobalWithLogger = typeof globalThis & { [LOGGER]?: Logger };

function createLogger(): Logger {
  const wanted = process.env.LOG_LEVEL?.trim().toLowerCase() || "info";
  const known = (LEVELS as readonly string[]).includes(wanted);
  const logger = pino({
    level: known ? (wanted as Level) : "info",
    timestamp: pino.stdTimeFunctions.isoTime,
    base: { pid: process.pid },
    formatters: { level: (label) => ({ level: label }) },
  });
  if (!known) logger.warn({ LOG_LEVEL: wanted }, `LOG_LEVEL is not one of ${LEVELS.join(", ")}`);
  return logger;
}

export const log: Logger = ((globalThis as GlobalWithLogger)[LOGGER] ??= createLogger());
