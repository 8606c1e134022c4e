// @vitest-environment node
import { createServer, type AddressInfo } from "node:net";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/server/log";
import type { MailMessage, MailTemplate } from "@/lib/server/mail/messages";
import { closeMailTransports, sendMail } from "@/lib/server/mail/send";
import { renderMail } from "@/lib/server/worker/mail-templates";
import { formatAmount } from "@/features/listings/server/mail/payment-received";
import { rawHeader, startSmtpInbox, type SmtpInbox } from "@/tests/fixtures/smtp-inbox";

/*
 * Every message the board sends, through nodemailer to a real SMTP server and parsed back as a
 * mail client would: its recipient, sender, subject, both parts, absolute links, and the
 * one-click unsubscribe headers on alerts only. And what the queue relies on: a refusing or
 * absent server makes sendMail throw, and a server back up is used again.
 */

const SITE = "https://jobs.example.test";
const FROM = { name: "Creator Jobs", address: "jobs@mail.example.test" };
const original = { site: process.env.NEXT_PUBLIC_SITE_URL, from: process.env.MAIL_FROM };
let inbox: SmtpInbox;

beforeAll(async () => {
  process.env.NEXT_PUBLIC_SITE_URL = SITE;
  process.env.MAIL_FROM = `${FROM.name} <${FROM.address}>`;
  inbox = await startSmtpInbox();
});

afterEach(() => {
  inbox.refuse = null;
  inbox.received.length = 0;
});

afterAll(async () => {
  closeMailTransports();
  await inbox.close();
  process.env.NEXT_PUBLIC_SITE_URL = original.site;
  if (original.from === undefined) delete process.env.MAIL_FROM;
  else process.env.MAIL_FROM = original.from;
});

const TOKEN = "v1.Zm9v/YmFy+=";
const TOKEN_PARAM = encodeURIComponent(TOKEN);

type Case = {
  message: MailMessage;
  subject: string;
  /** Links the HTML part must hold (and the text part too). */
  links: string[];
  /** Words both parts must hold. */
  says: string[];
};

const CASES: Record<MailTemplate, Case> = {
  "job-alert": {
    message: {
      template: "job-alert",
      to: "sam@candidate.example",
      props: {
        recipientName: "Sam",
        frequency: "daily",
        jobs: [
          {
            id: 12,
            slug: "video-editor",
            title: "Video Editor",
            companyName: "Northwind Studio",
            location: "London",
            type: "full-time",
            salary: "$60k – $80k a year",
            publishedAt: "2025-10-01T09:00:00.000Z",
          },
          {
            id: 15,
            slug: "community-lead",
            title: "Community Lead",
            companyName: "Fanfare",
            location: "Remote",
            type: "contractor",
            salary: null,
            publishedAt: "2025-10-01T10:00:00.000Z",
          },
        ],
        moreCount: 3,
        unsubscribeToken: TOKEN,
      },
    },
    subject: "Your daily job alert: 5 new jobs",
    links: [
      `${SITE}/jobs/12-video-editor`,
      `${SITE}/jobs/15-community-lead`,
      `${SITE}/jobs`,
      `${SITE}/preferences`,
      `${SITE}/unsubscribe?token=${TOKEN_PARAM}`,
    ],
    says: [
      "Your daily job alert",
      "Hi Sam",
      "Northwind Studio",
      "London",
      "Full-time",
      "$60k – $80k a year",
      "Contractor",
      "And 3 more new jobs",
      "Unsubscribe",
    ],
  },
  "saved-search-alert": {
    message: {
      template: "saved-search-alert",
      to: "sam@candidate.example",
      props: {
        recipientName: "Sam",
        searches: [
          {
            filters: { q: "video editor", department: "design", region: "remote" },
            frequency: "daily",
            jobs: [
              {
                id: 12,
                slug: "video-editor",
                title: "Video Editor",
                companyName: "Northwind Studio",
                location: "Remote",
                type: "full-time",
                salary: "$60k – $80k a year",
                publishedAt: "2025-10-01T09:00:00.000Z",
              },
            ],
            moreCount: 2,
          },
          {
            filters: { type: "contractor", salary_min: 80_000 },
            frequency: "weekly",
            jobs: [
              {
                id: 15,
                slug: "community-lead",
                title: "Community Lead",
                companyName: "Fanfare",
                location: "London",
                type: "contractor",
                salary: null,
                publishedAt: "2025-10-01T10:00:00.000Z",
              },
            ],
            moreCount: 0,
          },
        ],
        unsubscribeToken: TOKEN,
      },
    },
    subject: "4 new jobs for your saved searches",
    links: [
      `${SITE}/?q=video+editor&department=design&region=remote`,
      `${SITE}/?type=contractor&salary_min=80000`,
      `${SITE}/jobs/12-video-editor`,
      `${SITE}/jobs/15-community-lead`,
      `${SITE}/preferences`,
      `${SITE}/unsubscribe?token=${TOKEN_PARAM}`,
    ],
    says: [
      "New jobs for your saved searches",
      "Hi Sam, here are new jobs for the searches you saved.",
      "“video editor” in Design, Remote",
      "3 new jobs since yesterday",
      "And 2 more new jobs for this search",
      "Contractor, $80k+",
      "1 new job this week",
      "Northwind Studio · Remote · Full-time · $60k – $80k a year",
    ],
  },
  "listing-received": {
    message: {
      template: "listing-received",
      to: "hiring@northwind.example",
      props: { jobId: 31, title: "Video Editor", companyName: "Northwind", awaitingPayment: true },
    },
    subject: "Your listing is waiting for payment: Video Editor",
    links: [`${SITE}/listings?listing=31`],
    says: ["We have your listing", "waiting for payment"],
  },
  "listing-approved": {
    message: {
      template: "listing-approved",
      to: "hiring@northwind.example",
      props: {
        jobId: 31,
        slug: "video-editor",
        title: "Video Editor",
        companyName: "Northwind",
        expiresAt: "2025-11-12T12:00:00.000Z",
      },
    },
    subject: "Your listing is live: Video Editor",
    links: [`${SITE}/jobs/31-video-editor`, `${SITE}/listings?listing=31`],
    says: ["Your listing is live", "Nov 12, 2025"],
  },
  "listing-rejected": {
    message: {
      template: "listing-rejected",
      to: "hiring@northwind.example",
      props: {
        jobId: 31,
        title: "Video Editor",
        companyName: "Northwind",
        reason: "The listing gives no pay range.\nAdd one and post it again.",
      },
    },
    subject: "Your listing was not approved: Video Editor",
    links: [`${SITE}/submit`, `${SITE}/listings?listing=31`],
    says: ["The listing gives no pay range.", "Add one and post it again."],
  },
  "listing-taken-down": {
    message: {
      template: "listing-taken-down",
      to: "hiring@northwind.example",
      props: {
        jobId: 31,
        title: "Video Editor",
        companyName: "Northwind",
        reason: "The role asks candidates to pay for training.",
      },
    },
    subject: "Your listing was taken down: Video Editor",
    links: [`${SITE}/listings?listing=31`],
    says: ["Your listing was taken down", "The role asks candidates to pay for training."],
  },
  "listing-ending": {
    message: {
      template: "listing-ending",
      to: "hiring@northwind.example",
      props: {
        jobId: 31,
        slug: "video-editor",
        title: "Video Editor",
        companyName: "Northwind",
        expiresAt: "2025-10-12T12:00:00.000Z",
      },
    },
    subject: "Your listing ends on Oct 12, 2025: Video Editor",
    links: [`${SITE}/jobs/31-video-editor`, `${SITE}/listings?listing=31`],
    says: ["Your listing ends on Oct 12, 2025", "Renew your listing"],
  },
  "listing-countries": {
    message: {
      template: "listing-countries",
      to: "hiring@northwind.example",
      props: { jobId: 31, slug: "video-editor", title: "Video Editor", companyName: "Northwind" },
    },
    subject: "Name the countries for your remote job: Video Editor",
    links: [`${SITE}/jobs/31-video-editor`, `${SITE}/listings/31/edit#where`],
    says: ["job search cannot show your remote job yet", "Name the countries"],
  },
  "application-received": {
    message: {
      template: "application-received",
      to: "ada@example.com",
      props: { jobId: 31, slug: "video-editor", title: "Video Editor", companyName: "Northwind" },
    },
    subject: "Application sent: Video Editor at Northwind",
    links: [`${SITE}/jobs/31-video-editor`, `${SITE}/applied-jobs`],
    says: ["Your application was sent", "reached the employer"],
  },
  "application-stage": {
    message: {
      template: "application-stage",
      to: "ada@example.com",
      props: {
        jobId: 31,
        slug: "video-editor",
        title: "Video Editor",
        companyName: "Northwind",
        stage: "interview",
        message: "Are you free on Tuesday at 10?",
      },
    },
    subject: "Interview: Video Editor at Northwind",
    links: [`${SITE}/jobs/31-video-editor`, `${SITE}/applied-jobs`],
    says: ["You are invited to interview", "Are you free on Tuesday at 10?"],
  },
  "application-message": {
    message: {
      template: "application-message",
      to: "ada@example.com",
      props: {
        applicationId: 7,
        jobId: 31,
        slug: "video-editor",
        title: "Video Editor",
        companyName: "Northwind",
        body: "Could you do a call Tuesday at 10:00?",
        replyTo: "reply+7-c-0123456789abcdef01234567@reply.creatorjobs.example",
      },
    },
    subject: "Message from Northwind: Video Editor",
    links: [`${SITE}/jobs/31-video-editor`, `${SITE}/applied-jobs#application-7`],
    says: [
      "Write your answer above this line",
      "Northwind wrote to you",
      "Could you do a call Tuesday at 10:00?",
      "Answer by replying to this mail",
    ],
  },
  "applicant-message": {
    message: {
      template: "applicant-message",
      to: "hiring@northwind.example",
      props: {
        applicationId: 7,
        jobId: 31,
        title: "Video Editor",
        companyName: "Northwind",
        candidateName: "Ada Lovelace",
        body: "Tuesday at 10:00 suits me.",
        replyTo: null,
      },
    },
    subject: "Message from Ada Lovelace: Video Editor",
    links: [`${SITE}/listings/31/applicants?applicant=7`],
    says: [
      "Ada Lovelace wrote to you",
      "Tuesday at 10:00 suits me.",
      "Answer on the board: replies to this mail are not read.",
    ],
  },
  "application-closed": {
    message: {
      template: "application-closed",
      to: "ada@example.com",
      props: {
        jobId: 31,
        slug: "video-editor",
        title: "Video Editor",
        companyName: "Northwind",
        reason: "filled",
      },
    },
    subject: "Your application closed: Video Editor at Northwind",
    links: [`${SITE}/jobs/31-video-editor`, `${SITE}/jobs`],
    says: ["The role has been filled before a decision", "Thank you for applying"],
  },
  "new-applicant": {
    message: {
      template: "new-applicant",
      to: "hiring@northwind.example",
      props: {
        jobId: 31,
        title: "Video Editor",
        companyName: "Northwind",
        applicant: { name: "Ada Lovelace", headline: "Video editor, 6 years in YouTube" },
      },
    },
    subject: "New applicant for Video Editor: Ada Lovelace",
    links: [`${SITE}/listings/31/applicants`, `${SITE}/listings/31/edit`],
    says: [
      "You have a new applicant",
      "Ada Lovelace",
      "Video editor, 6 years in YouTube",
      "as each one applies",
    ],
  },
  "applicant-digest": {
    message: {
      template: "applicant-digest",
      to: "hiring@northwind.example",
      props: {
        jobId: 31,
        title: "Video Editor",
        companyName: "Northwind",
        applicants: [
          { name: "Ada Lovelace", headline: "Video editor" },
          { name: "Bea Okafor", headline: null },
        ],
        moreCount: 3,
      },
    },
    subject: "5 new applicants for Video Editor",
    links: [`${SITE}/listings/31/applicants`, `${SITE}/listings/31/edit`],
    says: [
      "5 new applicants for your listing",
      "5 people have applied",
      "Ada Lovelace",
      "Video editor",
      "Bea Okafor",
      "And 3 more, in the list.",
      "in one digest a day",
    ],
  },
  "listing-draft": {
    message: {
      template: "listing-draft",
      to: "hiring@northwind.example",
      props: {
        jobId: 32,
        title: "Motion Designer",
        companyName: "Northwind",
        planName: "Featured",
        priceMinor: 19900,
        currency: "USD",
      },
    },
    subject: "Your draft is not paid yet: Motion Designer",
    links: [`${SITE}/listings?listing=32`],
    says: ["$199", "Featured", "Finish and pay", "goes to review once paid"],
  },
  "payment-received": {
    message: {
      template: "payment-received",
      to: "billing@northwind.example",
      props: {
        jobId: 31,
        title: "Video Editor",
        companyName: "Northwind",
        planName: "Sponsored",
        amountCents: 19900,
        currency: "usd",
        next: "live",
      },
    },
    subject: "Payment received: Video Editor",
    links: [`${SITE}/listings?listing=31`],
    // Paid by transfer after it went live (issue 61): it does not go to review again.
    says: ["$199.00", "Sponsored", "The listing is live already"],
  },
  "invoice-issued": {
    message: {
      template: "invoice-issued",
      to: "accounts@northwind.example",
      props: {
        invoiceId: 12,
        kind: "invoice",
        number: "2026-000012",
        companyName: "Northwind Łódź 株式会社",
        description: "Pack of 5 Standard listings, valid 12 months",
        totalMinor: 23800,
        currency: "usd",
        dueAt: "2026-12-12T10:00:00.000Z",
        paidAt: null,
        paymentMethod: "transfer",
        bank: ["IBAN DE89 3704 0044 0532 0130 00", "BIC COBADEFFXXX"],
        creditsInvoice: null,
        recipient: "billing-address",
      },
    },
    subject: "Invoice 2026-000012 to pay: $238.00",
    links: [`${SITE}/listings/billing`],
    says: [
      "Northwind Łódź 株式会社",
      "$238.00 by Dec 12, 2026 by bank transfer to:",
      "IBAN DE89 3704 0044 0532 0130 00",
      "as the payment reference",
    ],
  },
  "invoice-reminder": {
    message: {
      template: "invoice-reminder",
      to: "owner@northwind.example",
      props: {
        invoiceNumber: "2026-000012",
        companyName: "Northwind",
        when: "soon",
        dueAt: "2026-12-12T10:00:00.000Z",
        amountMinor: 23800,
        currency: "usd",
      },
    },
    subject: "Invoice 2026-000012 is due on Dec 12, 2026: $238.00",
    links: [`${SITE}/listings/billing`],
    says: ["Invoice 2026-000012 to Northwind, for $238.00, is due on Dec 12, 2026."],
  },
  "tracked-job-closed": {
    message: {
      template: "tracked-job-closed",
      to: "sam@candidate.example",
      props: {
        jobId: 42,
        slug: "video-editor-at-northwind",
        title: "Video Editor",
        companyName: "Northwind",
      },
    },
    subject: "Closed: Video Editor at Northwind",
    links: [`${SITE}/jobs/42-video-editor-at-northwind`, `${SITE}/applied-jobs`],
    says: ["no longer on Northwind", "You applied on their site"],
  },
  "import-paused": {
    message: {
      template: "import-paused",
      to: "owner@northwind.example",
      props: {
        companyName: "Northwind",
        source: "Greenhouse board northwind",
        reason: "Paused after 3 failed runs in a row. The last said: Greenhouse answered 503",
      },
    },
    subject: "Your import from the Greenhouse board northwind is paused",
    links: [`${SITE}/listings/imports`],
    says: ["Paused after 3 failed runs in a row", "resume the import", "Northwind"],
  },
  "credits-expiring": {
    message: {
      template: "credits-expiring",
      to: "owner@northwind.example",
      props: {
        companyName: "Northwind",
        credits: [
          {
            plan: "sponsored",
            planName: "Sponsored",
            count: 2,
            expiresAt: "2027-01-03T09:00:00.000Z",
          },
          {
            plan: "featured",
            planName: "Featured",
            count: 1,
            expiresAt: "2027-01-09T09:00:00.000Z",
          },
        ],
      },
    },
    subject: "Your listing credits expire soon, the first on Jan 3, 2027",
    links: [`${SITE}/listings/billing`],
    says: [
      "2 Sponsored listings expire on Jan 3, 2027: use them before then.",
      "1 Featured listing expires on Jan 9, 2027: use it before then.",
    ],
  },
  "subscription-payment-failed": {
    message: {
      template: "subscription-payment-failed",
      to: "owner@northwind.example",
      props: {
        companyName: "Northwind",
        planName: "Sponsored monthly",
        amountMinor: 59381,
        currency: "usd",
        nextAttemptAt: "2027-01-06T09:00:00.000Z",
      },
    },
    subject: "A payment for your Sponsored monthly subscription failed",
    links: [`${SITE}/listings/billing`],
    says: [
      "We could not charge $593.81 for the Sponsored monthly subscription of Northwind.",
      "We will try again on Jan 6, 2027.",
    ],
  },
  "subscription-past-due": {
    message: {
      template: "subscription-past-due",
      to: "owner@northwind.example",
      props: {
        companyName: "Northwind",
        planName: "Sponsored monthly",
        invoiceNumber: "2027-0042",
        amountMinor: 59381,
        currency: "usd",
        dueAt: "2027-01-17T09:00:00.000Z",
        endsAt: "2027-01-31T09:00:00.000Z",
        stage: "past_due",
      },
    },
    subject: "Invoice 2027-0042 is past due: pay it to keep your Sponsored monthly subscription",
    links: [`${SITE}/listings/billing`],
    says: [
      "Invoice 2027-0042 of $593.81 for the Sponsored monthly subscription of Northwind was due on Jan 17, 2027 and is not paid.",
      "Unless it is paid by Jan 31, 2027, the subscription ends then",
    ],
  },
  "enquiry-team": {
    message: {
      template: "enquiry-team",
      to: "team@creatorjobs.example",
      props: {
        enquiryId: 7,
        name: "Maya Okafor",
        email: "maya@studio.example",
        company: "Studio <Bold>",
        website: "https://studio.example",
        service: "shortlist",
        roles: 2,
        message: "Two partnerships managers.\n<script>alert(1)</script>",
      },
    },
    subject: "New enquiry #7: Shortlist for Studio <Bold>",
    links: ["https://studio.example", "mailto:maya@studio.example"],
    says: [
      "Maya Okafor",
      "maya@studio.example",
      "Studio <Bold>",
      "Shortlist",
      "Two partnerships managers.",
    ],
  },
  "enquiry-reply": {
    message: {
      template: "enquiry-reply",
      to: "maya@studio.example",
      props: {
        enquiryId: 7,
        name: "Maya Okafor",
        service: "shortlist",
        message: "Two partnerships managers.",
        reply: "Thank you, Maya.\nCould we talk on Tuesday?",
        replyTo: "team@creatorjobs.example",
      },
    },
    subject: "Re: your enquiry #7 (Shortlist)",
    links: [],
    says: ["Hi Maya Okafor", "Could we talk on Tuesday?", "Two partnerships managers."],
  },
  "account-deleted": {
    message: {
      template: "account-deleted",
      to: "sam@candidate.example",
      props: { recipientName: null },
    },
    subject: "Your Creator Jobs account is deleted",
    links: [`${SITE}/`],
    says: ["Your account is deleted"],
  },
  "board-invitation": {
    message: {
      template: "board-invitation",
      to: "fin@board.example",
      props: {
        role: "finance",
        inviterName: "Olive Owner",
        token: "b".repeat(43),
        expiresAt: "2026-12-05T08:00:00.000Z",
      },
    },
    subject: "Join the team that runs Creator Jobs",
    links: [`${SITE}/review/join#${"b".repeat(43)}`],
    says: ["Olive Owner invited you", "as Finance", "until 5 December 2026"],
  },
  "board-change": {
    message: {
      template: "board-change",
      to: "zofia@board.example",
      props: { recipientName: "Zofia Łukasiewicz-Żółć", change: "role", role: "editor" },
    },
    subject: "Your role on the Creator Jobs team is now Editor",
    links: [`${SITE}/review`],
    says: ["Hi Zofia Łukasiewicz-Żółć,", "made you Editor", "Posts, offers and the legal pages."],
  },
  "team-invitation": {
    message: {
      template: "team-invitation",
      to: "sam@studio.example",
      props: {
        companyName: "Northwind Studio",
        role: "recruiter",
        inviterName: "Ada Owner",
        token: "a".repeat(43),
        expiresAt: "2026-12-05T08:00:00.000Z",
      },
    },
    subject: "Join Northwind Studio on Creator Jobs",
    links: [`${SITE}/join#${"a".repeat(43)}`],
    says: ["Ada Owner invited you", "as Recruiter", "until 5 December 2026"],
  },
  "job-invitation": {
    message: {
      template: "job-invitation",
      to: "sam@candidate.example",
      props: {
        recipientName: "Sam",
        companyName: "Northwind Studio",
        jobId: 31,
        slug: "video-editor",
        title: "Video Editor",
        message: "We loved your channel edits.\n<b>Apply</b> by Friday?",
      },
    },
    subject: "Northwind Studio invites you to apply: Video Editor",
    links: [`${SITE}/jobs/31-video-editor`, `${SITE}/invitations`, `${SITE}/settings`],
    says: [
      "Northwind Studio found your profile",
      "We loved your channel edits.",
      "<b>Apply</b> by Friday?",
      "To stop invitations",
    ],
  },
  "team-change": {
    message: {
      template: "team-change",
      to: "sam@studio.example",
      props: {
        recipientName: "Sam",
        companyName: "Northwind Studio",
        change: "role",
        role: "viewer",
      },
    },
    subject: "Your role changed in Northwind Studio",
    links: [`${SITE}/listings/team`],
    says: ["Hi Sam", "your role in Northwind Studio is now Viewer"],
  },
  "newsletter-confirm": {
    message: {
      template: "newsletter-confirm",
      to: "ola@reader.example",
      props: { token: "12.abc", departments: ["design"], regions: ["europe"] },
    },
    subject: "Confirm your subscription to the Creator Jobs newsletter",
    links: [`${SITE}/newsletter/confirm?token=12.abc`],
    says: ["Confirm my subscription", "Departments: Design.", "Regions: Europe."],
  },
  "newsletter-issue": {
    message: {
      template: "newsletter-issue",
      to: "ola@reader.example",
      props: {
        issueId: 3,
        subject: "New jobs on Creator Jobs",
        introHtml: "<p>Hello from <strong>Łódź</strong> and 東京</p>",
        highlight: { title: "The hiring report", text: "Roles grew.", path: "/reports/q3" },
        sponsored: [
          {
            id: 5,
            slug: "producer",
            title: "Producer",
            companyName: "Studio Ōkami",
            location: "Remote",
          },
        ],
        listings: [
          {
            id: 6,
            slug: "video-editor",
            title: "مونتاج فيديو",
            companyName: "Northwind Studio",
            location: "London",
          },
        ],
        filtered: true,
        unsubscribeToken: TOKEN,
        bounceAddress: "bounce+9-0123456789abcdef01234567@reply.creatorjobs.example",
      },
    },
    subject: "New jobs on Creator Jobs",
    links: [
      `${SITE}/jobs/5-producer`,
      `${SITE}/jobs/6-video-editor`,
      `${SITE}/newsletter/unsubscribe?token=${TOKEN_PARAM}`,
      `${SITE}/newsletter/3`,
      `${SITE}/reports/q3`,
    ],
    says: ["Sponsored", "Studio Ōkami", "مونتاج فيديو", "Łódź", "東京", "Roles grew."],
  },
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
/** The HTML's text as a reader sees it: entities decoded, React's text-node markers gone. */
const decode = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replaceAll("&amp;", "&")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");
/** A header exactly as it was sent (mailparser turns List-* headers into objects). */
async function sendAndReceive(message: MailMessage): Promise<ParsedMail> {
  const result = await sendMail(message, { render: renderMail, smtpUrl: inbox.url });
  expect(result.sent).toBe(true);
  expect(result.messageId).toMatch(/^<.+@.+>$/);
  expect(inbox.received).toHaveLength(1);
  const [received] = inbox.received;
  expect(received!.envelopeTo).toEqual([message.to]);
  return received!.mail;
}

describe("sendMail over SMTP", () => {
  it.each(Object.entries(CASES))("sends %s, whole and with absolute links", async (name, c) => {
    const mail = await sendAndReceive(c.message);
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address).toBe(c.message.to);
    expect(mail.from?.value).toEqual([FROM]);
    expect(mail.subject).toBe(c.subject);
    expect(typeof mail.html).toBe("string");
    expect(mail.text).toBeTruthy();
    const html = mail.html as string;

    // Every link is absolute: on the site, or (for the team) the sender's own addresses.
    for (const href of hrefs(html)) {
      expect(href.startsWith(`${SITE}/`) || c.links.includes(decode(href))).toBe(true);
    }
    const links = hrefs(html).map(decode);
    for (const link of c.links) {
      expect(links).toContain(link);
      if (!link.startsWith("mailto:")) expect(mail.text).toContain(link);
    }
    for (const words of c.says) {
      expect(decode(html)).toContain(words);
      expect(mail.text).toContain(words);
    }

    const alert = name === "job-alert" || name === "saved-search-alert";
    const newsletter = name === "newsletter-issue";
    expect(rawHeader(mail, "List-Unsubscribe")).toBe(
      alert
        ? `<${SITE}/api/alerts/unsubscribe?token=${TOKEN_PARAM}>`
        : newsletter
          ? `<${SITE}/api/newsletter/unsubscribe?token=${TOKEN_PARAM}>`
          : undefined,
    );
    expect(rawHeader(mail, "List-Unsubscribe-Post")).toBe(
      alert || newsletter ? "List-Unsubscribe=One-Click" : undefined,
    );
    // Bounces of the newsletter come back to its VERP address; all else's to MAIL_FROM.
    expect(inbox.received[0]!.envelopeFrom).toBe(
      newsletter ? "bounce+9-0123456789abcdef01234567@reply.creatorjobs.example" : FROM.address,
    );
    const replyTo: Partial<Record<string, string>> = {
      "enquiry-team": "maya@studio.example",
      "enquiry-reply": "team@creatorjobs.example",
      "application-message": "reply+7-c-0123456789abcdef01234567@reply.creatorjobs.example",
    };
    expect(mail.replyTo?.text).toBe(replyTo[name]);
  });

  it("escapes what people wrote: an enquiry's markup arrives as text", async () => {
    const mail = await sendAndReceive(CASES["enquiry-team"].message);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<Bold>");
  });

  it("sends an employer's invitation message as text, never as their HTML", async () => {
    const mail = await sendAndReceive(CASES["job-invitation"].message);
    expect(mail.html).not.toContain("<b>Apply</b>");
    expect(mail.html).toContain(
      "We loved your channel edits.<br/>&lt;b&gt;Apply&lt;/b&gt; by Friday?",
    );
  });

  it("keeps the line breaks of what people wrote, in both parts", async () => {
    const mail = await sendAndReceive(CASES["listing-rejected"].message);
    expect(mail.html).toContain("The listing gives no pay range.<br/>Add one and post it again.");
    expect(mail.text).toMatch(/The listing gives no pay range\.\r?\nAdd one and post it again\./);
  });

  it("words a weekly alert as weekly, and one job as one", async () => {
    const alert = CASES["job-alert"].message as Extract<MailMessage, { template: "job-alert" }>;
    const mail = await sendAndReceive({
      ...alert,
      props: {
        ...alert.props,
        recipientName: null,
        frequency: "weekly",
        jobs: alert.props.jobs.slice(0, 1),
        moreCount: 0,
      },
    });
    expect(mail.subject).toBe("Your weekly job alert: 1 new job");
    expect(mail.text).toContain("Your weekly job alert");
    expect(mail.text).toContain("Hi, here is 1 new job this week that matches your preferences.");
    expect(mail.text).not.toContain("more new");
  });

  it("names the one search in a saved-search alert's subject", async () => {
    const alert = CASES["saved-search-alert"].message as Extract<
      MailMessage,
      { template: "saved-search-alert" }
    >;
    const mail = await sendAndReceive({
      ...alert,
      props: {
        ...alert.props,
        recipientName: null,
        searches: [{ ...alert.props.searches[0]!, moreCount: 0 }],
      },
    });
    expect(mail.subject).toBe("1 new job for “video editor” in Design, Remote");
    expect(mail.text).toContain("New jobs for your saved search\n");
    expect(mail.text).toContain("Hi, here is a new job for a search you saved.");
    expect(mail.text).not.toContain("more new");
  });

  it("keeps a line break in a title out of the headers", async () => {
    const approved = CASES["listing-approved"].message as Extract<
      MailMessage,
      { template: "listing-approved" }
    >;
    const mail = await sendAndReceive({
      ...approved,
      props: { ...approved.props, title: "Editor\r\nBcc: someone@elsewhere.example" },
    });
    expect(mail.bcc).toBeUndefined();
    expect(inbox.received[0]!.envelopeTo).toEqual([approved.to]);
    expect(mail.subject).toContain("Editor");
  });

  it("words a digest of one applicant as one", async () => {
    const digest = CASES["applicant-digest"].message as Extract<
      MailMessage,
      { template: "applicant-digest" }
    >;
    const mail = await sendAndReceive({
      ...digest,
      props: { ...digest.props, applicants: digest.props.applicants.slice(0, 1), moreCount: 0 },
    });
    expect(mail.subject).toBe("1 new applicant for Video Editor");
    expect(mail.text).toContain("One person has applied");
    expect(mail.text).not.toContain("more.");
  });

  it("formats amounts in the currency's own minor unit", () => {
    expect(formatAmount(19900, "usd")).toBe("$199.00");
    expect(formatAmount(34900, "EUR")).toBe("€349.00");
    expect(formatAmount(5000, "jpy")).toBe("¥5,000");
    expect(formatAmount(1234, "zzz")).toMatch(/^ZZZ\s12\.34$/);
    expect(formatAmount(1234, "dollars")).toBe("12.34 DOLLARS");
  });
});

describe("sendMail when the server will not take the message", () => {
  const message = CASES["account-deleted"].message;

  it("throws when the server refuses the recipient", async () => {
    inbox.refuse = "rcpt";
    await expect(sendMail(message, { render: renderMail, smtpUrl: inbox.url })).rejects.toThrow();
    expect(inbox.received).toHaveLength(0);
  });

  it("throws when the server refuses the message", async () => {
    inbox.refuse = "data";
    await expect(sendMail(message, { render: renderMail, smtpUrl: inbox.url })).rejects.toThrow(
      /spam/,
    );
    expect(inbox.received).toHaveLength(0);
  });

  it("throws at once when no server listens, and sends once one is back", async () => {
    // A port that was free a moment ago: nothing listens on it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const smtpUrl = `smtp://127.0.0.1:${port}`;

    const started = Date.now();
    await expect(sendMail(message, { render: renderMail, smtpUrl })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    // Refused, not timed out: nodemailer's connection timeout is 2 minutes; a busy machine
    // may take a few seconds to get here, never that.
    expect(Date.now() - started).toBeLessThan(30_000);

    const back = await startSmtpInbox(port);
    try {
      const result = await sendMail(message, { render: renderMail, smtpUrl });
      expect(result.sent).toBe(true);
      expect(back.received).toHaveLength(1);
    } finally {
      await back.close();
    }
  });

  it("throws for a message with no recipient, sending nothing", async () => {
    await expect(
      sendMail(
        { ...message, to: null as unknown as string },
        { render: renderMail, smtpUrl: inbox.url },
      ),
    ).rejects.toThrow(/no recipient/);
    expect(inbox.received).toHaveLength(0);
  });
});

describe("sendMail without SMTP_URL", () => {
  it("logs the template and the recipient's domain, never the address or text, and sends nothing", async () => {
    const saved = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    const info = vi.spyOn(log, "info");
    try {
      const result = await sendMail(CASES["listing-rejected"].message, { render: renderMail });
      expect(result).toEqual({ messageId: null, sent: false });
      expect(info).toHaveBeenCalledTimes(1);
      const logged = JSON.stringify(info.mock.calls[0]);
      expect(logged).toContain("listing-rejected");
      expect(logged).toContain("northwind.example");
      expect(logged).not.toContain("hiring@");
      expect(logged).not.toContain("pay range");
      expect(inbox.received).toHaveLength(0);
    } finally {
      info.mockRestore();
      if (saved !== undefined) process.env.SMTP_URL = saved;
    }
  });
});
