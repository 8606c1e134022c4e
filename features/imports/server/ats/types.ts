import type { AtsKind } from "@/features/imports/ats";
import type { SalaryPeriod } from "@/features/jobs/pay";

/*
 * One job as any ATS's public board gives it, before the board's own rules map it to a listing
 * (features/imports/server/map-job.ts). Each adapter (greenhouse.ts, lever.ts, ...) reads its API's
 * documented shape into this, and nothing more: no defaults of the board's own.
 */
export type AtsJob = {
  /** The ATS's own id of the job, as text ("4012345", "a1b2-..."). */
  externalId: string;
  title: string;
  /** Its department or team names as the ATS gives them, most specific last; may be empty. */
  departments: string[];
  /** Its location names as given ("London, UK", "Remote - US"); the first is its main one. */
  locations: string[];
  /** ISO 3166-1 alpha-2 country code of its main location, where the ATS gives one. */
  countryCode: string | null;
  /** True when the ATS says it is remote, false when it says on-site or hybrid, null when silent. */
  remote: boolean | null;
  /** The employment type in the ATS's words ("Full-time", "FullTime", "full_time", "Contract"). */
  employmentType: string | null;
  /**
   * The description as HTML, with the ATS's own encoding undone (Greenhouse escapes its HTML
   * once more as entities: decoded here, once), but NOT sanitised: map-job.ts cleans it.
   */
  descriptionHtml: string;
  /** Pay where the ATS gives it; amounts in whole units of the currency. */
  salary: {
    min: number | null;
    max: number | null;
    currency: string;
    period: SalaryPeriod;
  } | null;
  /** Where a candidate applies: an http(s) address on the ATS. */
  applyUrl: string;
  /** The job's own page on the ATS (may equal applyUrl). */
  jobUrl: string;
  postedAt: Date | null;
  updatedAt: Date | null;
  /** False for a job the ATS marks unlisted (Ashby isListed: false) or as a draft. */
  listed: boolean;
};

/** Why a board could not be read, each with a message in plain words for the employer. */
export const ATS_ERROR_CODES = [
  "not_found", // 404, or a board the ATS says does not exist
  "empty", // 200 with no jobs: "No jobs found: check the name"
  "malformed", // not JSON, or not the documented shape
  "timeout", // no whole answer within the time allowed
  "too_large", // past the size cap (50 MB) or the cap of jobs, counted as it streams
  "http_error", // any other status (5xx, 429, 403)
  "network", // refused, reset, DNS
] as const;
export type AtsErrorCode = (typeof ATS_ERROR_CODES)[number];

export class AtsError extends Error {
  constructor(
    readonly code: AtsErrorCode,
    message: string,
    /** The HTTP status, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "AtsError";
  }
}

export type FetchOptions = {
  /**
   * Tests (and ATS_API_URL) replace the ATS's own address: each request then goes to
   * `${origin}/${kind}${the API's own path}`, e.g. `${origin}/greenhouse/v1/boards/acme/jobs?content=true`,
   * and for Recruitee `${origin}/recruitee/${board}/api/offers/`.
   */
  origin?: string;
  /** Whole time allowed for the board, every page included (default 30 s). */
  timeoutMs?: number;
  /** Bytes allowed per answer, counted as it streams, decompressed (default 50 MB). */
  maxBytes?: number;
  /** Jobs allowed on the board, counted as they stream (default 5,000). */
  maxJobs?: number;
  /** From the last run, for a conditional request where the API answers them. */
  etag?: string | null;
  lastModified?: string | null;
  signal?: AbortSignal;
};

export type BoardFetch =
  | { status: "not_modified" }
  | {
      status: "ok";
      /** Every job the board lists, listed or not (listed: false kept, so the sync can end them). */
      jobs: AtsJob[];
      /** The company's name as the ATS gives it, where it does (shown in the preview). */
      companyName: string | null;
      etag: string | null;
      lastModified: string | null;
      /** sha256 of the answers' bodies, hex: the same board twice hashes the same. */
      bodyHash: string;
    };

/** Reads the whole board `board` (already normalised) of `kind`; throws AtsError. */
export type FetchBoard = (
  kind: AtsKind,
  board: string,
  options?: FetchOptions,
) => Promise<BoardFetch>;
