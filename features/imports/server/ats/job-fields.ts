// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { countryCodes, isCountryCode } from "@/lib/countries/country-codes";
import type { SalaryPeriod } from "@/features/jobs/pay";
import { AtsError, type AtsJob } from "./types";

/*
 * What the adapters share: reading an ATS's loose fields (a date that may not parse, an amount
 * that may be text, an address that may not be http) into AtsJob's, and checking an answer's
 * shape. A field an adapter only reads if it can is `loose`: any other type reads as absent, so
 * that an ATS adding or changing a side field never fails a board; the fields a job cannot be
 * without (its id, its title, the list itself) are checked, and a wrong shape there is "malformed".
 */

/** `schema`, or null when the field is absent or of any other shape. */
export const loose = <T extends z.ZodType>(schema: T) => schema.nullish().catch(null);

/** An id as text, whether the ATS writes it as a number or a string. */
export const externalId = z.union([z.string().trim().min(1), z.number().transform(String)]);

/** Parses an answer's body by `schema`, or throws "malformed" naming the ATS. */
export function parseAnswer<T extends z.ZodType>(
  schema: T,
  body: unknown,
  label: string,
): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new AtsError(
      "malformed",
      `${label}'s answer is not the shape ${label} documents: the board could not be read`,
    );
  }
  return result.data;
}

/** The text trimmed, or null when there is none. */
export function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Non-empty names, once each, in their order. */
export function names(values: (string | null | undefined)[]): string[] {
  return [...new Set(values.map(text).filter((value) => value !== null))];
}

/** An ISO date-time (or milliseconds since 1970) as a Date, or null when it does not parse. */
export function date(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** An amount of pay in whole units, or null when it is not a finite, non-negative number. */
export function amount(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) && number >= 0 ? Math.round(number) : null;
}

/** An http(s) address as written out whole, or null for any other scheme or none. */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value || !URL.canParse(value.trim())) return null;
  const url = new URL(value.trim());
  return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
}

let countriesByName: Map<string, string> | undefined;

/**
 * A country as its ISO 3166-1 alpha-2 code, from a code or an English name ("GB", "gb",
 * "United Kingdom", "USA"), or null when it is neither.
 */
export function countryCode(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const upper = trimmed.toUpperCase();
  if (upper === "UK") return "GB";
  if (upper.length === 2) return isCountryCode(upper) ? upper : null;
  if (!countriesByName) {
    const display = new Intl.DisplayNames(["en"], { type: "region" });
    countriesByName = new Map(
      countryCodes().map((code) => [display.of(code)!.toLowerCase(), code] as const),
    );
    // The names some ATSs write that ICU's English names are not.
    for (const [name, code] of [
      ["usa", "US"],
      ["united states of america", "US"],
    ] as const) {
      countriesByName.set(name, code);
    }
  }
  return countriesByName.get(trimmed.toLowerCase()) ?? null;
}

/** The period of a pay range in an ATS's words, or null when it is none the board shows. */
export function salaryPeriod(value: string | null | undefined): SalaryPeriod | null {
  const words = value?.toLowerCase() ?? "";
  if (/year|annual/.test(words)) return "year";
  if (/month/.test(words)) return "month";
  if (/hour/.test(words)) return "hour";
  return null;
}

/** A pay range, or null when it has no amount, no currency or no period the board shows. */
export function salary(
  min: number | null,
  max: number | null,
  currency: string | null | undefined,
  period: SalaryPeriod | null,
): AtsJob["salary"] {
  const code = currency?.trim().toUpperCase();
  if ((min === null && max === null) || !code || !/^[A-Z]{3}$/.test(code) || period === null) {
    return null;
  }
  return { min, max, currency: code, period };
}

/**
 * The job with its addresses checked: the apply address falls back to the job's page, and a job
 * with neither on http(s) cannot be applied to from the board, so it is left out (null).
 */
export function withAddresses(
  job: Omit<AtsJob, "applyUrl" | "jobUrl">,
  applyUrl: string | null | undefined,
  jobUrl: string | null | undefined,
): AtsJob | null {
  const page = httpUrl(jobUrl);
  const apply = httpUrl(applyUrl) ?? page;
  if (apply === null) return null;
  return { ...job, applyUrl: apply, jobUrl: page ?? apply };
}
