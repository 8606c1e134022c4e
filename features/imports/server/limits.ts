import type { RateLimit } from "@/lib/server/http/rate-limit";

/** Boards one employer may read in the window (each preview or connection reads one). */
export const IMPORT_PREVIEW_LIMIT: RateLimit = {
  name: "import-previews",
  points: 30,
  seconds: 15 * 60,
  message: "Too many boards read from your account.",
};

/** Runs one employer may ask for in the window. */
export const IMPORT_RUN_LIMIT: RateLimit = {
  name: "import-runs",
  points: 10,
  seconds: 15 * 60,
  message: "Too many runs asked for from your account.",
};
