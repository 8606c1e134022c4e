// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";

/** Why a request failed, as every error answer names it in `code` (lib/server/errors.ts). */
export const ERROR_CODES = [
  /** Fields that fail their rules: the answer lists them in `errors`. */
  "invalid_input",
  /** A request the server cannot read at all: bad JSON, a bad signature, a broken URL. */
  "malformed_request",
  /** No valid sign-in. */
  "unauthenticated",
  /** Signed in, but not allowed: not a moderator, or the bot check failed. */
  "forbidden",
  /** Nothing with that id, or nothing that is the caller's. */
  "not_found",
  /**
   * The caller was removed from the team of the company the request is about (issue 61): the
   * sentence names it. Answered with 404, as anyone outside a company is.
   */
  "removed_from_team",
  "method_not_allowed",
  /** The thing is in a state that does not allow this. */
  "conflict",
  /** It was there and is no longer: a job that stopped taking applications. */
  "gone",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  /** Something the answer depends on (the database, a verifier) is down for a moment. */
  "unavailable",
  /** A fault of ours; the details are only in the server log. */
  "internal",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error answer: a sentence for people and a code for programs. */
export const errorAnswerSchema = z
  .strictObject({ error: z.string(), code: z.enum(ERROR_CODES) })
  .meta({ id: "Error" });

/** 422: the fields that fail their rules, each with its messages. */
export const invalidInputAnswerSchema = errorAnswerSchema
  .extend({
    code: z.literal("invalid_input"),
    errors: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: "InvalidInput" });
