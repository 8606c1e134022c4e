// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { blankToNull, singleLine, timestamp, webAddress } from "@/lib/validation/fields";

/* The editors' partner offers (issue 64): requests and answers of /api/moderation/partner-offers. */

const line = (label: string, max: number) =>
  singleLine(
    z
      .string()
      .trim()
      .min(2, `Write ${label} in at least 2 characters`)
      .max(max, `Keep ${label} under ${max} characters`),
  );

const day = z.iso.date("Give the end date as YYYY-MM-DD");

/** What an editor writes (all of it, on create and on update). */
export const partnerOfferFieldsSchema = z.strictObject({
  partner: line("the partner's name", 80),
  title: line("the title", 120),
  summary: line("the summary", 300),
  discount: line("the deal", 80),
  url: webAddress("the offer's link"),
  code: z.preprocess(
    blankToNull,
    singleLine(z.string().trim().max(60, "Keep the code under 60 characters")).nullable(),
  ),
  category: line("the category", 40),
  body: z
    .string()
    .trim()
    .min(20, "Describe the offer in at least 20 characters")
    .max(20_000, "Keep the description under 20,000 characters"),
  expires: day,
});

export const partnerOfferCreateSchema = z.strictObject({
  offer: partnerOfferFieldsSchema.extend({
    slug: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and dashes")
      .max(80, "Keep the address under 80 characters"),
  }),
});
export const partnerOfferUpdateSchema = z.strictObject({ offer: partnerOfferFieldsSchema });
export type PartnerOfferFields = z.infer<typeof partnerOfferFieldsSchema>;
export type PartnerOfferCreate = z.infer<typeof partnerOfferCreateSchema>["offer"];

export const partnerOfferParams = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]{1,80}$/, "Not an offer's address"),
});

export const partnerOfferSchema = z
  .strictObject({
    slug: z.string(),
    partner: z.string(),
    title: z.string(),
    summary: z.string(),
    discount: z.string(),
    url: z.string(),
    code: z.string().nullable(),
    category: z.string(),
    body: z.string(),
    expires: z.string(),
    ended_at: timestamp.nullable(),
    /** On the board's pages now: not ended, and its last day not past. */
    live: z.boolean(),
    updated_at: timestamp,
  })
  .meta({ id: "PartnerOffer" });
export type PartnerOffer = z.infer<typeof partnerOfferSchema>;

export const partnerOfferAnswerSchema = z.strictObject({ offer: partnerOfferSchema });
export const partnerOffersAnswerSchema = z.strictObject({ offers: z.array(partnerOfferSchema) });
