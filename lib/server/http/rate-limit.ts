import type { NextApiRequest } from "next";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { clientAddress } from "./client-address";
import { HttpError } from "./errors";

export type RateLimit = {
  /** Requests allowed from one address in each window. */
  points: number;
  /** The window, in seconds. */
  seconds: number;
  /** What the refused client is told, before when to try again. */
  message: string;
};

/**
 * Counts requests per client address and refuses those over the limit with 429, a JSON error
 * and Retry-After. Counts live in this process's memory: one server, one count. (With several
 * servers, rate-limiter-flexible's shared stores take the same options.)
 */
export function rateLimiter({ points, seconds, message }: RateLimit) {
  const limiter = new RateLimiterMemory({ points, duration: seconds });
  return async function limit(req: Pick<NextApiRequest, "headers" | "socket">): Promise<void> {
    try {
      await limiter.consume(clientAddress(req));
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const wait = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw new HttpError(429, `${message} Try again in ${describeWait(wait)}.`, {
        "Retry-After": String(wait),
      });
    }
  };
}

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "a second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}
