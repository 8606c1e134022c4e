// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { billingDetailsAnswerSchema, billingDetailsInputSchema } from "@/lib/billing/schemas";
import { operation } from "./operation";

/** A company's billing (issue 45): for its owner and admins. Spread into `operations`. */
export const billingOperations = {
  getBillingDetails: operation({
    method: "GET",
    path: "/api/company/billing",
    summary: "Who the company's invoices are made out to (null until given)",
    access: "employer",
    employer: { role: "admin" },
    answers: { 200: billingDetailsAnswerSchema },
  }),
  updateBillingDetails: operation({
    method: "PUT",
    path: "/api/company/billing",
    summary: "Set who the company's invoices are made out to: legal name, address, country, VAT ID",
    description:
      "A VAT ID is checked for its country's shape and its check digits (422 on vat_id); that it is registered is not checked. Printed on the invoices issued after.",
    access: "employer",
    employer: { role: "admin" },
    body: z.strictObject({ billing: billingDetailsInputSchema }),
    envelope: "billing",
    answers: { 200: billingDetailsAnswerSchema },
  }),
} as const;
