import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
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

// Counts live in this process's memory: one server, one count. (With several servers,
// rate-limiter-flexible's shared stores take the same options.)
const limiters = new Map<string, RateLimiterMemory>();

function limiterFor({ name, points, seconds }: RateLimit): RateLimiterMemory {
  const key = `${name}:${points}:${seconds}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
    limiters.set(key, limiter);
  }
  return limiter;
}

/** Counts one request for `key` (an address, or a user); 429 with Retry-After once over. */
export async function consume(limit: RateLimit, key: string): Promise<void> {
  try {
    await limiterFor(limit).consume(key);
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
