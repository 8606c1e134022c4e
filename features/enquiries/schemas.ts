// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { RECRUITMENT_PLANS, type RecruitmentPlanId } from "@/features/billing/pricing";
import { blankToNull, singleLine, webAddress } from "@/lib/validation/fields";

/** A recruitment-services enquiry, as the form sends it. */
export const enquirySchema = z.strictObject({
  name: singleLine(
    z
      .string("Enter your name")
      .trim()
      .min(1, "Enter your name")
      .max(100, "Keep your name under 100 characters"),
  ),
  email: z.email("Enter a work email address like name@company.com").max(200),
  company: singleLine(
    z
      .string("Enter your company")
      .trim()
      .min(1, "Enter your company")
      .max(120, "Keep the company name under 120 characters"),
  ),
  website: z.preprocess(blankToNull, webAddress("the website").nullable()),
  service: z.enum(
    RECRUITMENT_PLANS.map((plan) => plan.id) as [RecruitmentPlanId, ...RecruitmentPlanId[]],
    "Choose a service",
  ),
  roles: z.coerce
    .number("Enter how many roles you are hiring for")
    .int("Enter a whole number of roles")
    .min(1, "Enter at least one role")
    .max(100, "For more than 100 roles, write to us directly"),
  message: z
    .string("Tell us about the role")
    .trim()
    .min(20, "Tell us a little more about the role: at least 20 characters")
    .max(3000, "Keep the message under 3,000 characters"),
});

export type Enquiry = z.output<typeof enquirySchema>;

/** What the API answers a received enquiry with: its reference. */
export const enquiryReceiptSchema = z
  .strictObject({ id: z.int().positive(), received: z.literal(true) })
  .meta({ id: "EnquiryReceipt" });
