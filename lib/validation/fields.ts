// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { MAX_ID } from "@/lib/ids";

/*
 * Pieces the schemas share: how blanks read, taxonomy slugs as enums, web addresses, instants,
 * ids in URL segments.
 */

/** An instant, as JSON carries it: an ISO 8601 UTC timestamp. */
export const timestamp = z.iso.datetime();

/** Only whitespace, or nothing: a field the person left empty. */
export const isBlank = (value: unknown) => typeof value === "string" && value.trim() === "";

/** Left out or blank: not given (for fields a form always sends). */
export const blankToNull = (value: unknown) =>
  value === undefined || isBlank(value) ? null : value;

/** Blank means "clear it", left out means "leave it" (for partial updates). */
export const blankAsClear = (value: unknown) => (isBlank(value) ? null : value);

/** A taxonomy's slugs as the tuple z.enum takes. */
export const taxonomySlugs = <T extends { slug: string }>(entries: readonly T[]) =>
  entries.map((entry) => entry.slug) as [T["slug"], ...T["slug"][]];

/** An http(s) address, refused in the words "Enter {label} as an address starting with https://". */
export const webAddress = (label: string) =>
  z
    .url({ protocol: /^https?$/, message: `Enter ${label} as an address starting with https://` })
    .max(300, `Keep ${label} under 300 characters`);

/** Text that belongs on one line (a name, a title, a place): line breaks are refused. */
export const singleLine = (schema: z.ZodString) =>
  schema.regex(/^[^\r\n]*$/, "Write this on one line");

/** A query-string value: absent, or exactly one string. */
export const single = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .union([z.string(), z.array(z.string())])
      .optional()
      .refine((value) => !Array.isArray(value), "Give this parameter once")
      .pipe(schema.optional()),
  );

/** A whole number written in a query string. */
export const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );

/** A numeric id in a URL segment; anything else names nothing, so it is "not found". */
/**
 * A slug as the board's offer names plans and packs (lowercase words joined by hyphens): only
 * its shape; whether it is on sale is the server's to say.
 */
export const offerSlug = (message: string) =>
  z
    .string(message)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, message)
    .max(40, message);

export const idSegment = (noun: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, `${noun} not found`)
    .transform(Number)
    .pipe(z.number().max(MAX_ID, `${noun} not found`));
