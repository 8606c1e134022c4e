import type { Pool } from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { openDatabaseHandle } from "../db";
import { AppError } from "../errors";

export type RateLimit = {
  /** Names the counter; each limit counts on its own. */
  name: string;
  /** Requests allowed per key in each window. */
  points: number;
  /** The window, in seconds. */
  seconds: number;
  /** What the refused client is told, before when to try again. */
  message: string;
};

/**
 * The cap on raw request rate: every API request an address sends, before anything else is
 * done with it. Loose (50 a second, sustained), so that the people behind one address (an
 * office, a carrier's NAT) never meet it; the tight limits of particular operations count only
 * requests that pass sign-in and validation (api-route.ts).
 */
export const API_REQUEST_LIMIT: RateLimit = {
  name: "api",
  points: 3000,
  seconds: 60,
  message: "Too many requests from your network.",
};

/**
 * Where counts live. On PostgreSQL, in its rate_limits table (migration 0009), shared by every
 * instance and worker, so a limit is the same however requests are spread over them; should the
 * database fail to answer, each process counts in its own memory meanwhile (the insurance
 * limiter) rather than turning every request into an error. On PGlite there is one process:
 * its memory.
 */
const RATE_LIMIT_TABLE = "rate_limits";

const inMemory = new Map<string, RateLimiterMemory>();
const inPostgres = new WeakMap<Pool, Map<string, RateLimiterPostgres>>();

const limitKey = ({ name, points, seconds }: RateLimit) => `${name}:${points}:${seconds}`;

function memoryLimiter(limit: RateLimit): RateLimiterMemory {
  const key = limitKey(limit);
  let limiter = inMemory.get(key);
  if (!limiter) {
    limiter = new RateLimiterMemory({
      keyPrefix: key,
      points: limit.points,
      duration: limit.seconds,
    });
    inMemory.set(key, limiter);
  }
  return limiter;
}

function postgresLimiter(limit: RateLimit, pool: Pool): RateLimiterPostgres {
  let limiters = inPostgres.get(pool);
  if (!limiters) {
    limiters = new Map();
    inPostgres.set(pool, limiters);
  }
  const key = limitKey(limit);
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: RATE_LIMIT_TABLE,
      // Made by a migration: instances starting together must not race to create it.
      tableCreated: true,
      keyPrefix: key,
      points: limit.points,
      duration: limit.seconds,
      insuranceLimiter: new RateLimiterMemory({
        keyPrefix: key,
        points: limit.points,
        duration: limit.seconds,
      }),
    });
    limiters.set(key, limiter);
  }
  return limiter;
}

/**
 * Counts one request for `key` (an address, or a user); 429 with Retry-After once over.
 * `local`: count in this process only (answers that must not depend on the database, such as
 * health checks).
 */
export async function consume(
  limit: RateLimit,
  key: string,
  options: { local?: boolean } = {},
): Promise<void> {
  const pool = options.local ? undefined : openDatabaseHandle()?.postgres?.pool;
  const limiter = pool ? postgresLimiter(limit, pool) : memoryLimiter(limit);
  try {
    await limiter.consume(key);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    const wait = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw new AppError(
      "rate_limited",
      `${limit.message} Try again in ${describeWait(wait)}.`,
      wait,
    );
  }
}

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "a second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}
