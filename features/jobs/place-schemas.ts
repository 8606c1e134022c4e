// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { blankToNull, singleLine } from "@/lib/validation/fields";
import { isCountryCode } from "@/lib/countries/country-codes";

/*
 * A job's place as a listing's form and the API send it (features/listings/submission-schemas.ts,
 * edit-schemas.ts), and as server/job-place.ts's chosenJobPlace weighs it against the job's words.
 * How a job's page answers its place is JobPlace in schemas.ts.
 */

const countryCode = z
  .string("Choose a country")
  .refine(isCountryCode, "Choose a country from the list (an ISO 3166 code such as GB)");

const placeText = (label: string) =>
  z.preprocess(
    blankToNull,
    singleLine(z.string().trim().max(100, `Keep the ${label} under 100 characters`)).nullable(),
  );

/**
 * Where the job can be done, as data (the job's `location` stays its label): a remote job's
 * accepted countries (ISO 3166-1 alpha-2; a remote job names at least one), an on-site job's city, state or
 * region, and country. Left out, it is read from the location's words.
 */
export const jobPlaceInputSchema = z.strictObject({
  remote_countries: z
    .array(countryCode)
    .max(250, "Choose at most 250 countries")
    .refine((codes) => new Set(codes).size === codes.length, "Choose each country once")
    .optional(),
  address_locality: placeText("city").optional(),
  address_region: placeText("state or region").optional(),
  address_country: z.preprocess(blankToNull, countryCode.nullable()).optional(),
});

export type JobPlaceInput = z.output<typeof jobPlaceInputSchema>;
