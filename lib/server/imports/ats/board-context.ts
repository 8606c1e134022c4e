import { createHash } from "node:crypto";
import { ATS_LABELS, type AtsKind } from "@/lib/imports/ats";
import { DEFAULT_MAX_BYTES, getJson, type JsonAnswer } from "./fetch-json";
import type { FetchOptions } from "./types";

/** Whole time allowed for a board, every page included. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** What an adapter reads one board with: its addresses, its requests, and their one deadline. */
export type BoardContext = {
  label: string;
  /**
   * The address of `path` on the ATS's `host`, or under FetchOptions.origin as
   * `${origin}/${kind}${originPath}` (Recruitee's host carries the board, so its path there does).
   */
  address(host: string, path: string, originPath?: string): string;
  /**
   * One answer of the board. A `conditional` one carries the last run's validators; a `hashed`
   * one counts in bodyHash, in the order the answers are read.
   */
  get(url: string, options?: { conditional?: boolean; hashed?: boolean }): Promise<JsonAnswer>;
  /** sha256 of the hashed answers' bodies, hex. */
  bodyHash(): string;
};

export function boardContext(kind: AtsKind, options: FetchOptions = {}): BoardContext {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const hash = createHash("sha256");
  const label = ATS_LABELS[kind];
  const origin = options.origin?.replace(/\/+$/, "");
  return {
    label,
    address: (host, path, originPath = path) =>
      origin ? `${origin}/${kind}${originPath}` : `https://${host}${path}`,
    get: (url, { conditional = false, hashed = true } = {}) =>
      getJson({
        url,
        label,
        deadline,
        timeoutMs,
        signal: options.signal,
        maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
        hash: hashed ? hash : undefined,
        etag: conditional ? options.etag : null,
        lastModified: conditional ? options.lastModified : null,
      }),
    bodyHash: () => hash.copy().digest("hex"),
  };
}
