// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { ISSUE_STATUSES } from "@/lib/model/newsletter";
import { DEPARTMENTS, REGIONS } from "@/lib/taxonomy";
import { idSegment } from "@/lib/validation/fields";

/*
 * The newsletter (issue 66): what its public API takes (a subscription: an address and the
 * departments and regions wanted; the signed tokens of its links) and what the editors' API
 * reads and changes (an issue's intro and order). Browser-safe.
 */

const DEPARTMENT_SLUGS = DEPARTMENTS.map((entry) => entry.slug) as [string, ...string[]];
const REGION_SLUGS = REGIONS.map((entry) => entry.slug) as [string, ...string[]];

/** A form sends one value as a string and several as a list: both are taken. */
const slugList = (slugs: [string, ...string[]], what: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.enum(slugs, `Choose ${what} from the list`))
        .max(slugs.length, `Choose ${what} from the list`)
        .transform((list) => [...new Set(list)].sort()),
    );

/** A subscription: the address, and the departments and regions wanted (none: all of them). */
export const subscribeInputSchema = z
  .strictObject({
    email: z
      .string("Enter your email address")
      .trim()
      .min(1, "Enter your email address")
      .max(254, "Enter an email address of at most 254 characters")
      .pipe(z.email("Enter an email address like name@example.com")),
    departments: slugList(DEPARTMENT_SLUGS, "departments"),
    regions: slugList(REGION_SLUGS, "regions"),
  })
  .meta({ id: "NewsletterSubscribeInput" });
export type SubscribeInput = z.output<typeof subscribeInputSchema>;

/**
 * The same answer whether the address was new, waiting or subscribed already: who is on the
 * list is nobody's business but theirs.
 */
export const subscribeAnswerSchema = z
  .strictObject({ status: z.literal("check_your_mail") })
  .meta({ id: "NewsletterSubscribed" });

/** `?token=`: the signed token of a confirmation or unsubscribe link. */
export const newsletterTokenQuerySchema = z.strictObject({
  token: z
    .string("Give the token of the link, once")
    .min(1, "Give the token of the link")
    .max(200, "This is not the token of a newsletter link"),
});

export const confirmAnswerSchema = z
  .strictObject({ confirmed: z.literal(true) })
  .meta({ id: "NewsletterConfirmed" });

export const newsletterUnsubscribedSchema = z
  .strictObject({ unsubscribed: z.literal(true) })
  .meta({ id: "NewsletterUnsubscribed" });

export const issueParams = z.strictObject({ issueId: idSegment("issue") });

const issueListingSchema = z.strictObject({
  job_id: z.number().int(),
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  department: z.string(),
  sponsored: z.boolean(),
  position: z.number().int(),
});

export const editorIssueSchema = z
  .strictObject({
    id: z.number().int(),
    week: z.string(),
    status: z.enum(ISSUE_STATUSES),
    subject: z.string(),
    intro: z.string(),
    intro_html: z.string(),
    send_at: z.iso.datetime({ offset: true }),
    sent_at: z.iso.datetime({ offset: true }).nullable(),
    recipients: z.number().int(),
    listings: z.array(issueListingSchema),
  })
  .meta({ id: "NewsletterIssue" });

export const editorIssuesSchema = z
  .strictObject({ issues: z.array(editorIssueSchema.omit({ listings: true, intro_html: true })) })
  .meta({ id: "NewsletterIssues" });

export const NEWSLETTER_LIMITS = { subject: 150, intro: 5_000 } as const;

/** What an editor changes of an issue before it goes: subject, intro, the listings' order. */
export const issueUpdateSchema = z
  .strictObject({
    subject: z
      .string("Write the subject")
      .trim()
      .min(1, "Write the subject")
      .max(
        NEWSLETTER_LIMITS.subject,
        `Keep the subject under ${NEWSLETTER_LIMITS.subject + 1} characters`,
      )
      .optional(),
    intro: z
      .string("Write the introduction as text")
      .max(
        NEWSLETTER_LIMITS.intro,
        `Keep the introduction under ${NEWSLETTER_LIMITS.intro + 1} characters`,
      )
      .optional(),
    /** The issue's listings' ids in the order wanted; the Sponsored ones stay first. */
    order: z.array(z.number().int().positive()).max(500).optional(),
  })
  .meta({ id: "NewsletterIssueUpdate" });
export type IssueUpdate = z.output<typeof issueUpdateSchema>;
