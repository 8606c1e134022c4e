import { createHash } from "node:crypto";
import type { z } from "zod";
import { ATS_LABELS, type AtsKind } from "@/features/imports/ats";
import { DEFAULT_MAX_BYTES, getJson, type JsonAnswer, type JsonShape } from "./fetch-json";
import { parseAnswer } from "./job-fields";
import { AtsError, type AtsJob, type FetchOptions } from "./types";

/** Whole time allowed for a board, every page included. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Jobs a board may list. The largest real boards list a few thousand; past this many the board
 * is refused, not cut short (a sync would end the jobs it did not read), and its answer is not
 * read further.
 */
export const DEFAULT_MAX_JOBS = 5_000;

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
  get(
    url: string,
    shape: JsonShape,
    options?: { conditional?: boolean; hashed?: boolean },
  ): Promise<JsonAnswer>;
  /**
   * A shape whose list's items each pass `schema` (else the answer is "malformed") and are kept
   * in `jobs` as `toJob` reads them, counted against the board's cap of jobs, all its answers
   * together.
   */
  jobList<S extends z.ZodType>(
    list: string | null,
    schema: S,
    toJob: (item: z.output<S>) => AtsJob | null,
    jobs: AtsJob[],
  ): JsonShape;
  /** sha256 of the hashed answers' bodies, hex. */
  bodyHash(): string;
};

export function boardContext(kind: AtsKind, options: FetchOptions = {}): BoardContext {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const hash = createHash("sha256");
  const label = ATS_LABELS[kind];
  const origin = options.origin?.replace(/\/+$/, "");
  const maxJobs = options.maxJobs ?? DEFAULT_MAX_JOBS;
  let read = 0;
  return {
    label,
    address: (host, path, originPath = path) =>
      origin ? `${origin}/${kind}${originPath}` : `https://${host}${path}`,
    get: (url, shape, { conditional = false, hashed = true } = {}) =>
      getJson({
        shape,
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
    jobList: (list, schema, toJob, jobs) => ({
      list,
      item: (value) => {
        read += 1;
        if (read > maxJobs) {
          throw new AtsError(
            "too_large",
            `${label} lists more than ${maxJobs.toLocaleString("en")} jobs on this board: we could not read them all`,
          );
        }
        const job = toJob(parseAnswer(schema, value, label));
        if (job) jobs.push(job);
      },
    }),
    bodyHash: () => hash.copy().digest("hex"),
  };
}
