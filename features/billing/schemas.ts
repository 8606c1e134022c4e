// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { isCountryCode } from "@/lib/countries/country-codes";
import { PURCHASE_ORDER_MAX } from "./documents";
import { blankToNull, singleLine, timestamp } from "@/lib/validation/fields";
import { compactVatId, vatIdProblem } from "./vat-id";

/*
 * A company's billing details (issue 45): who the invoices are made out to, and the purchase
 * order reference they quote. Set by its owner and admins; printed on every invoice issued after.
 */

const line = (label: string, max: number) =>
  singleLine(
    z
      .string(`Enter ${label}`)
      .trim()
      .min(1, `Enter ${label}`)
      .max(max, `Keep ${label} under ${max} characters`),
  );

const optionalLine = (label: string, max: number) =>
  z.preprocess(blankToNull, line(label, max).nullable());

// The most characters a purchase order reference holds: documents.ts, which the form reads
// without this module's zod.
export { PURCHASE_ORDER_MAX };

/**
 * The company's own reference for what it buys, a purchase order number its accounts team asks
 * its suppliers to quote: kept as typed, in any script, trimmed; blank is none. Its length is
 * counted in characters as read (code points), so a name outside the BMP counts once.
 */
const purchaseOrder = z.preprocess(
  blankToNull,
  singleLine(z.string("Enter the purchase order reference, or leave it blank").trim())
    .refine(
      (value) => [...value].length <= PURCHASE_ORDER_MAX,
      `Keep the purchase order reference to ${PURCHASE_ORDER_MAX} characters`,
    )
    .nullable(),
);

export const billingDetailsInputSchema = z
  .strictObject({
    legal_name: line("the company's legal name", 200),
    address_line1: line("the street address", 200),
    address_line2: optionalLine("the second address line", 200),
    city: line("the city", 100),
    postal_code: optionalLine("the postal code", 20),
    region: optionalLine("the state or region", 100),
    country: z
      .string("Choose the country")
      .trim()
      .toUpperCase()
      .refine(isCountryCode, "Choose the country"),
    vat_id: z.preprocess(
      blankToNull,
      z
        .string("Enter the VAT ID, or leave it blank")
        .max(30, "Keep the VAT ID under 30 characters")
        .transform(compactVatId)
        .nullable(),
    ),
    purchase_order: purchaseOrder,
  })
  .superRefine((details, context) => {
    // A country that is none was said already; its VAT ID is judged once it is one.
    if (!details.vat_id || !isCountryCode(details.country)) return;
    const problem = vatIdProblem(details.vat_id, details.country);
    if (problem) context.addIssue({ code: "custom", path: ["vat_id"], message: problem });
  });

export type BillingDetailsInput = z.output<typeof billingDetailsInputSchema>;

export const billingDetailsSchema = z
  .strictObject({
    legal_name: z.string(),
    address_line1: z.string(),
    address_line2: z.string().nullable(),
    city: z.string(),
    postal_code: z.string().nullable(),
    region: z.string().nullable(),
    country: z.string(),
    /** Compact, with its country prefix: "DE136695976". */
    vat_id: z.string().nullable(),
    /** The company's purchase order reference, quoted on its invoices: "PO-2291"; null: none. */
    purchase_order: z.string().nullable(),
    updated_at: timestamp,
  })
  .meta({ id: "BillingDetails" });

export const billingDetailsAnswerSchema = z.strictObject({
  /** Null until the owner or an admin gives them. */
  billing: billingDetailsSchema.nullable(),
});

/**
 * Where the company's invoices and credit notes are mailed (issue 61): one address its owner or
 * an admin sets (accounts@…), or none (null, or blank): then to its owner and admins.
 */
export const billingContactInputSchema = z.strictObject({
  email: z.preprocess(
    blankToNull,
    z
      .email("Enter an email address like accounts@company.com")
      .max(254, "Keep the address under 254 characters")
      .nullable(),
  ),
});

export type BillingContactInput = z.output<typeof billingContactInputSchema>;

export const billingContactSchema = z
  .strictObject({
    /** The address invoices go to; null: to the owner and admins. */
    email: z.email().nullable(),
  })
  .meta({ id: "BillingContact" });

export const billingContactAnswerSchema = z.strictObject({ contact: billingContactSchema });
