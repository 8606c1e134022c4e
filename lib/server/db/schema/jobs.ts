import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import {
  APPLICANT_MAIL_FREQUENCIES,
  APPLY_METHODS,
  JOB_STATUSES,
  PAYMENT_STATUSES,
  type ApplicantMailFrequency,
  type ApplyMethod,
  type JobStatus,
  type PaymentStatus,
  type ScreeningQuestion,
} from "@/lib/model/jobs";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "../../../taxonomy";
import { BOARD_REGION_COUNTRIES } from "@/lib/model/regions";
import { SALARY_PERIODS, type SalaryPeriod } from "@/lib/model/jobs";
import type { ListingPlanId } from "@/lib/model/billing";
import { listingPlans } from "./offer";
import { users } from "./users";
import { oneOf } from "./checks";
import { tsvector } from "./tsvector";

export { JOB_STATUSES, type JobStatus };

/* The board: companies, their jobs, and the search vocabulary drawn from them. */

/** The company details a submission proposes (jobs.company_proposal), as its form gave them. */
export type CompanyProposal = {
  name: string;
  website: string | null;
  about: string | null;
  logoUrl: string | null;
};

export type { ScreeningQuestion } from "@/lib/model/jobs";

/**
 * features/jobs/locations.ts boardRegionsOf in SQL: the job's region, then each board region a remote
 * job accepts people from (remote_countries is null for on-site jobs, '{}' for anywhere).
 */
const boardRegions = sql.raw(
  `array_remove(array[region, ${Object.entries(BOARD_REGION_COUNTRIES)
    .map(
      ([slug, countries]) =>
        `case when region <> '${slug}' and (remote_countries = '{}' or remote_countries && '{${countries.join(",")}}') then '${slug}' end`,
    )
    .join(", ")}], null)`,
);

export const companies = pgTable(
  "companies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    website: text("website"),
    logoUrl: text("logo_url"),
    about: text("about"),
    // Who runs it: its members (teams.ts), made with its first listing. None for the sample
    // board's companies.
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Days it may take to pay an invoice when a moderator allows it to pay on terms (issue 45:
     * 14 or 30); null when it pays by card (or, without Stripe, on the board's default terms).
     */
    invoiceTermsDays: integer("invoice_terms_days"),
    /**
     * How much, in minor units, the company may use before paying (issue 60): credits of packs
     * not yet paid, and upgrades on invoices due. Zero (the default): each is usable once paid.
     * Set by a moderator.
     */
    creditLimitMinor: integer("credit_limit_minor").notNull().default(0),
    /**
     * Where its invoices and credit notes are mailed (issue 61), set by its owner or an admin;
     * null: to its owner and admins.
     */
    billingEmail: text("billing_email"),
  },
  (t) => [
    check(
      "companies_invoice_terms_check",
      sql`${t.invoiceTermsDays} is null or ${t.invoiceTermsDays} in (14, 30)`,
    ),
    check("companies_credit_limit_check", sql`${t.creditLimitMinor} >= 0`),
  ],
);

export const jobs = pgTable(
  "jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Readable part of the job's URL, /jobs/{id}-{slug}; the id alone identifies the job. */
    slug: text("slug").notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    department: text("department").notNull(),
    region: text("region").notNull(),
    type: text("type").notNull(),
    /** Where the work happens, in words: "Los Angeles, CA", "Remote (US time zones)". */
    location: text("location").notNull(),
    /**
     * Where the work happens, as data (migration 0015; features/jobs/locations.ts): a remote job's
     * accepted countries as ISO 3166-1 alpha-2 codes, empty for anywhere (null for an on-site job);
     * an on-site job's city, ISO 3166-2 subdivision (or its name) and ISO 3166-1 country. All null:
     * not derived from `location` yet (features/listings/server/place-backfill.ts backfills it).
     */
    remoteCountries: text("remote_countries").array(),
    addressLocality: text("address_locality"),
    addressRegion: text("address_region"),
    addressCountry: text("address_country"),
    /** Pay per `salary_period` in whole units of `salary_currency`; both null when not disclosed. */
    salaryMin: integer("salary_min"),
    salaryMax: integer("salary_max"),
    salaryCurrency: text("salary_currency").notNull().default("USD"),
    /** What the pay is counted per: "year" (every listing before migration 0023), "month", "hour". */
    salaryPeriod: text("salary_period").$type<SalaryPeriod>().notNull().default("year"),
    /** Markdown. */
    description: text("description").notNull(),
    /**
     * The description as sanitised HTML, rendered once when the job is written (or on its first
     * view, for rows written before the column existed); null means "not rendered yet". A change
     * of `description` clears it (trigger in migration 0008), so it never shows stale text.
     */
    descriptionHtml: text("description_html"),
    applyUrl: text("apply_url"),
    applyEmail: text("apply_email"),
    /**
     * How it takes applications (migration 0018): on the board (job_applications), or at
     * `apply_url` / `apply_email`. Listings written before it are `link` or `email`.
     */
    applyMethod: text("apply_method").$type<ApplyMethod>().notNull().default("link"),
    /** Up to five questions asked of each applicant on the board. */
    screeningQuestions: jsonb("screening_questions")
      .$type<ScreeningQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When it stops taking applications on the board, if before it leaves the board. */
    applicationsCloseAt: timestamp("applications_close_at", { withTimezone: true }),
    /** How its employer hears of new applicants. */
    applicantMail: text("applicant_mail")
      .$type<ApplicantMailFrequency>()
      .notNull()
      .default("instant"),
    /**
     * Company details this listing's submission gave that differ from its company's (migration
     * 0024): applied to the company when a moderator approves the listing, and never before, so
     * a submission cannot rename the company on its live listings unreviewed (issue 40).
     */
    companyProposal: jsonb("company_proposal").$type<CompanyProposal>(),
    status: text("status").$type<JobStatus>().notNull().default("open"),
    sponsored: boolean("sponsored").notNull().default(false),
    /** The listing plan it was posted on (a slug of listing_plans, the board's offer: offer.ts). */
    plan: text("plan")
      .$type<ListingPlanId>()
      .notNull()
      .default("standard")
      .references((): AnyPgColumn => listingPlans.slug),
    /**
     * The days its plan gave when it was last ordered (posted, renewed, upgraded: issue 63), so
     * that a change of days in the offer reaches new orders only; approval and renewal publish
     * it for these. Null for a listing not ordered through the board (an import, the sample
     * board): its plan's days now.
     */
    planDays: integer("plan_days"),
    /**
     * The coupon code its employer typed for its payment by card (issue 63): each Checkout
     * opened for it (the Pay button of a held draft too) takes the discount again, re-validated.
     */
    couponCode: text("coupon_code"),
    /** Who posted it through /submit; null for the sample board or a deleted account. */
    submittedBy: integer("submitted_by").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    paymentStatus: text("payment_status").$type<PaymentStatus>().notNull().default("none"),
    /** The Stripe Checkout session that pays for it, while and after it is paid. */
    checkoutSessionId: text("checkout_session_id").unique(),
    /** Moderation: when and by whom it was approved or rejected, and why it was rejected. */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** The reviewing admin's email: kept as text so the record outlives their account. */
    reviewedBy: text("reviewed_by"),
    /** The moderator's reason for rejecting it, or for taking it down (status `removed`). */
    rejectionReason: text("rejection_reason"),
    /** When it was filled, withdrawn or taken down: it left the board then. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** When its employer was told it ends soon (lib/server/worker/tasks.ts): once per listing. */
    endingNoticeAt: timestamp("ending_notice_at", { withTimezone: true }),
    /**
     * When its employer was asked to name the countries of its remote job, live without any
     * (Google's job search cannot list it: lib/server/worker/tasks.ts): once per listing.
     */
    countriesNoticeAt: timestamp("countries_notice_at", { withTimezone: true }),
    /**
     * When its employer was reminded of it as a draft (its checkout opened a day before and not
     * paid: features/listings/server/draft-reminders.ts): once per listing.
     */
    draftRemindedAt: timestamp("draft_reminded_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What keyword search matches and ranks (migration 0019): the title's words with their
     * positions (weight A), the company's name (B), the location's words (C), and the
     * description's words without positions or weight (strip: D). Kept compact (migration 0010),
     * yet beside a long description it is mostly stored in TOAST: the keyword counts read a copy
     * kept in the row (jobSearchRows). Kept by a trigger, not generated, because the company's
     * name lives in another table: renaming a company updates its jobs' vectors.
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .default(sql`''::tsvector`),
    /**
     * The title's and company's words alone (migration 0022), kept by the same trigger: keyword
     * search reads the jobs whose title or company match first, from its own small index (a
     * weight-restricted query on search_vector cannot tell, as the description's words carry
     * no weight).
     */
    titleVector: tsvector("title_vector")
      .notNull()
      .default(sql`''::tsvector`),
    /**
     * The board regions whose pages list the job: its own, and for a remote job each region it
     * accepts people from (migration 0016). Lists filter on it through its GIN index.
     */
    boardRegions: text("board_regions").array().notNull().generatedAlwaysAs(boardRegions),
  },
  (t) => [
    check(
      "jobs_department_check",
      oneOf(
        t.department,
        DEPARTMENTS.map((d) => d.slug),
      ),
    ),
    check(
      "jobs_region_check",
      oneOf(
        t.region,
        REGIONS.map((r) => r.slug),
      ),
    ),
    check(
      "jobs_type_check",
      oneOf(
        t.type,
        JOB_TYPES.map((j) => j.slug),
      ),
    ),
    check("jobs_status_check", oneOf(t.status, JOB_STATUSES)),
    check("jobs_payment_status_check", oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    index("jobs_submitted_by_idx").on(t.submittedBy, t.createdAt),
    // The review queue: pending listings, oldest first.
    index("jobs_pending_idx")
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    check(
      "jobs_apply_check",
      sql`${t.applyMethod} = 'board' or ${t.applyUrl} is not null or ${t.applyEmail} is not null`,
    ),
    check("jobs_apply_method_check", oneOf(t.applyMethod, APPLY_METHODS)),
    check("jobs_applicant_mail_check", oneOf(t.applicantMail, APPLICANT_MAIL_FREQUENCIES)),
    check("jobs_salary_period_check", oneOf(t.salaryPeriod, SALARY_PERIODS)),
    check(
      "jobs_salary_check",
      sql`${t.salaryMin} is null or ${t.salaryMax} is null or ${t.salaryMin} <= ${t.salaryMax}`,
    ),
    index("jobs_company_idx").on(t.companyId),
    // Lists show open jobs newest first, after a few sponsored slots (features/jobs/ranking.ts).
    // Each filter has an index in that order, so a filtered page is read in display order and
    // the scan stops after a page.
    index("jobs_open_newest_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'open'`),
    index("jobs_open_department_newest_idx")
      .on(t.department, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'open'`),
    // Whole, not only open jobs: a partial GIN index is one the planner would scan in full for
    // "status = 'open'" alone (150 ms at 100,000 jobs) where a filter has no region.
    // GIN indexes without a pending list (migration 0021): PGlite has no autovacuum to merge
    // one, so every search would read the whole list of recent inserts.
    index("jobs_board_regions_idx").using("gin", t.boardRegions).with({ fastupdate: false }),
    index("jobs_open_type_newest_idx")
      .on(t.type, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'open'`),
    // The sponsored slots' candidates: the open sponsored listings, by id (sponsored-slots.ts).
    index("jobs_open_sponsored_idx")
      .on(t.id)
      .where(sql`status = 'open' and sponsored`),
    index("jobs_search_idx").using("gin", t.searchVector).with({ fastupdate: false }),
    index("jobs_title_search_idx").using("gin", t.titleVector).with({ fastupdate: false }),
    index("jobs_published_idx").on(t.publishedAt),
    // The jobs whose place was never derived (features/listings/server/place-backfill.ts, run
    // at every start): normally none, so the index is empty and finding them reads nothing,
    // where without it every start read the whole table (4.5 s on a million jobs).
    index("jobs_place_underived_idx")
      .on(t.id)
      .where(
        sql`remote_countries is null and address_locality is null and address_region is null and address_country is null`,
      ),
  ],
);

/**
 * What both copies of an open job hold besides their vector (jobSearchRows, jobTitleRows): the
 * job, and the columns the filters and the lists' order read. A function: each table needs
 * column builders of its own.
 */
const openJobColumns = () => ({
  jobId: integer("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  department: text("department").notNull(),
  type: text("type").notNull(),
  boardRegions: text("board_regions").array().notNull(),
  salaryMax: integer("salary_max"),
  salaryPeriod: text("salary_period").notNull(),
});

/**
 * The open jobs' search columns, one narrow row per open job (migration 0060), kept by a trigger
 * on jobs: a keyword search counts its filters' choices over its first matches here
 * (features/jobs/server/job-search.ts). In jobs, a row's search vector sits beside its
 * description and is mostly read from TOAST, and the jobs no longer open (most of a board that
 * has run for years) lie among the open ones; here every row is an open job, and its vector is
 * kept in the row (storage main), so testing a row against a query reads one page, not three.
 * On a million jobs, counting "editor" took 35–150 ms in jobs (6 s when a scan started among
 * the closed jobs) and 6–12 ms here.
 */
export const jobSearchRows = pgTable("job_search_rows", {
  ...openJobColumns(),
  // No index but its key: the counts read the table in its own order (see above).
  searchVector: tsvector("search_vector").notNull(),
});

/**
 * The open jobs' titles and filters, one small row per open job (migration 0060), kept by the
 * same trigger as jobSearchRows: a keyword search finds the newest jobs whose title or company
 * match here, through this table's own title index or by walking its newest rows. A row is some
 * 200 bytes, so an open board of a million jobs fits in a hundred megabytes the database keeps
 * in memory, where finding the same jobs in jobs read a page of the big table for each.
 */
export const jobTitleRows = pgTable(
  "job_title_rows",
  {
    ...openJobColumns(),
    titleVector: tsvector("title_vector").notNull(),
  },
  (t) => [
    index("job_title_rows_newest_idx").on(
      t.publishedAt.desc().nullsFirst(),
      t.jobId.desc().nullsFirst(),
    ),
    // A department's newest, as jobs has: a word common in the board but rare in a department
    // ("manager" in Design) is otherwise found by reading the whole board's newest.
    index("job_title_rows_department_newest_idx").on(
      t.department,
      t.publishedAt.desc().nullsFirst(),
      t.jobId.desc().nullsFirst(),
    ),
    index("job_title_rows_title_idx").using("gin", t.titleVector).with({ fastupdate: false }),
  ],
);

/**
 * The board's search vocabulary (migration 0019): the words of listed jobs' titles and companies'
 * names, and the synonym file's words, each with how many listed jobs use it. A search word that
 * is none of these is corrected to the most similar one by trigram (pg_trgm), and an empty
 * result suggests a respelling from them. Refreshed by a periodic task and after seeding
 * (features/jobs/server/search-terms.ts).
 */
export const searchTerms = pgTable(
  "search_terms",
  {
    term: text("term").primaryKey(),
    jobs: integer("jobs").notNull(),
  },
  (t) => [
    index("search_terms_trgm_idx")
      .using("gin", t.term.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
