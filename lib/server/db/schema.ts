import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import {
  JOB_STATUSES,
  PAYMENT_STATUSES,
  type JobStatus,
  type PaymentStatus,
} from "../../jobs/constants";

export { JOB_STATUSES, type JobStatus };
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "../../taxonomy";
import { BOARD_REGION_COUNTRIES } from "../../jobs/locations";
import { SALARY_PERIODS, type SalaryPeriod } from "../../salaries/pay";
import {
  ALERT_FREQUENCY_SLUGS,
  APPLICATION_STATUS_SLUGS,
  type AlertFrequency,
  type ApplicationStatus,
} from "../../candidates/constants";
import { LISTING_PLANS, RECRUITMENT_PLANS, type ListingPlanId } from "../../pricing/pricing";
import { ENQUIRY_STATUSES, type EnquiryStatus } from "../../enquiries/status";
import {
  AUDIT_ROLES,
  LISTING_EDIT_STATUSES,
  type AuditRole,
  type ListingEditStatus,
} from "../../listings/management";
import type { PendingListingChanges } from "../../listings/edit-schemas";
import {
  APPLICANT_MAIL_FREQUENCIES,
  APPLICATION_STAGES,
  APPLY_METHODS,
  CLOSE_REASONS,
  MESSAGE_SIDES,
  MESSAGE_VIAS,
  type ApplicantMailFrequency,
  type ApplicationStage,
  type ApplyMethod,
  type CloseReason,
  type MessageSide,
  type MessageVia,
  type ScreeningQuestionKind,
} from "../../applications/constants";

/** The company details a submission proposes (jobs.company_proposal), as its form gave them. */
export type CompanyProposal = {
  name: string;
  website: string | null;
  about: string | null;
  logoUrl: string | null;
};

/** A listing's screening question (jobs.screening_questions), asked of each applicant. */
export type ScreeningQuestion = {
  /** Stable within the listing: answers refer to it. */
  id: string;
  kind: ScreeningQuestionKind;
  prompt: string;
  required: boolean;
};

/** An applicant's answer to one screening question (job_applications.answers). */
export type ScreeningAnswer = { question_id: string; answer: string };

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * lib/jobs/locations.ts boardRegionsOf in SQL: the job's region, then each board region a remote
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

const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

export const companies = pgTable("companies", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  website: text("website"),
  logoUrl: text("logo_url"),
  about: text("about"),
  /**
   * The employer account it belongs to: one company per account, made with its first listing
   * and reused by the next (unique). Null for the sample board's companies.
   */
  ownerId: integer("owner_id")
    .unique()
    .references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
     * Where the work happens, as data (migration 0015; lib/jobs/locations.ts): a remote job's
     * accepted countries as ISO 3166-1 alpha-2 codes, empty for anywhere (null for an on-site job);
     * an on-site job's city, ISO 3166-2 subdivision (or its name) and ISO 3166-1 country. All null:
     * not derived from `location` yet (lib/server/jobs/job-location.ts backfills it).
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
    /** The listing plan it was posted on (lib/pricing/pricing.ts). */
    plan: text("plan").$type<ListingPlanId>().notNull().default("standard"),
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
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What keyword search matches and ranks (migration 0019): the title's words with their
     * positions (weight A), the company's name (B), the location's words (C), and the
     * description's words without positions or weight (strip: D). Small enough to stay in the
     * row, not TOASTed, so testing a row against a query costs microseconds (migration 0010). Kept by a trigger, not generated, because the
     * company's name lives in another table: renaming a company updates its jobs' vectors.
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
    check(
      "jobs_plan_check",
      oneOf(
        t.plan,
        LISTING_PLANS.map((plan) => plan.id),
      ),
    ),
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
    // Lists show open jobs, sponsored first, newest next. Each filter has an index in that
    // order, so a filtered page is read in display order and the scan stops after a page.
    index("jobs_open_idx")
      .on(
        t.sponsored.desc().nullsFirst(),
        t.publishedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`status = 'open'`),
    index("jobs_open_department_idx")
      .on(
        t.department,
        t.sponsored.desc().nullsFirst(),
        t.publishedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`status = 'open'`),
    // Whole, not only open jobs: a partial GIN index is one the planner would scan in full for
    // "status = 'open'" alone (150 ms at 100,000 jobs) where a filter has no region.
    // GIN indexes without a pending list (migration 0021): PGlite has no autovacuum to merge
    // one, so every search would read the whole list of recent inserts.
    index("jobs_board_regions_idx").using("gin", t.boardRegions).with({ fastupdate: false }),
    index("jobs_open_type_idx")
      .on(
        t.type,
        t.sponsored.desc().nullsFirst(),
        t.publishedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`status = 'open'`),
    index("jobs_search_idx").using("gin", t.searchVector).with({ fastupdate: false }),
    index("jobs_title_search_idx").using("gin", t.titleVector).with({ fastupdate: false }),
    index("jobs_published_idx").on(t.publishedAt),
  ],
);

/**
 * The board's search vocabulary (migration 0019): the words of listed jobs' titles and companies'
 * names, and the synonym file's words, each with how many listed jobs use it. A search word that
 * is none of these is corrected to the most similar one by trigram (pg_trgm), and an empty
 * result suggests a respelling from them. Refreshed by a periodic task and after seeding
 * (lib/server/jobs/search-terms.ts).
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

/** A signed-in person, created on first sight from their Firebase ID token. */
export const users = pgTable("users", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  firebaseUid: text("firebase_uid").notNull().unique(),
  /** The address on the person's latest token, and whether its provider verified it. */
  email: text("email"),
  emailVerified: boolean("email_verified").notNull().default(false),
  fullName: text("full_name"),
  avatarUrl: text("avatar_url"),
  headline: text("headline"),
  bio: text("bio"),
  location: text("location"),
  websiteUrl: text("website_url"),
  linkedinUrl: text("linkedin_url"),
  skills: text("skills")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  openToWork: boolean("open_to_work").notNull().default(false),
  /** Opted in to the public talent page. */
  showOnTalentPage: boolean("show_on_talent_page").notNull().default(false),
  /** Opted in to product news and the quarterly hiring-trends reports by email. */
  emailNews: boolean("email_news").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

/** A candidate's job-search preferences: they pick /jobs recommendations and job alerts. */
export const preferences = pgTable(
  "preferences",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    departments: text("departments")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    regions: text("regions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    types: text("types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    salaryMin: integer("salary_min"),
    remoteOnly: boolean("remote_only").notNull().default(false),
    alertFrequency: text("alert_frequency").$type<AlertFrequency>().notNull().default("weekly"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The candidate's IANA time zone ("Europe/Lisbon"), from their browser when they save the
     * form: alerts go out at 8:00 there (lib/server/mail/digest-schedule.ts).
     */
    timeZone: text("time_zone").notNull().default("UTC"),
    /**
     * When the alert run last claimed them: a digest went out then, or there was nothing new.
     * Jobs published since are the next digest's; null until the first run.
     */
    alertsSentAt: timestamp("alerts_sent_at", { withTimezone: true }),
  },
  (t) => [
    check("preferences_alert_frequency_check", oneOf(t.alertFrequency, ALERT_FREQUENCY_SLUGS)),
    check("preferences_salary_min_check", sql`${t.salaryMin} is null or ${t.salaryMin} >= 0`),
  ],
);

const jobMarkColumns = () => ({
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  jobId: integer("job_id")
    .notNull()
    .references(() => jobs.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Saved ("favorite") jobs. */
export const favorites = pgTable("favorites", jobMarkColumns(), (t) => [
  primaryKey({ columns: [t.userId, t.jobId] }),
  index("favorites_user_created_idx").on(t.userId, t.createdAt),
]);

/** Jobs marked not interested: hidden from the candidate's lists until they undo it. */
export const rejections = pgTable("rejections", jobMarkColumns(), (t) => [
  primaryKey({ columns: [t.userId, t.jobId] }),
  index("rejections_user_created_idx").on(t.userId, t.createdAt),
]);

/** Jobs the candidate applied to, and where each application stands. */
export const applications = pgTable(
  "applications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ...jobMarkColumns(),
    status: text("status").$type<ApplicationStatus>().notNull().default("applied"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("applications_user_job_key").on(t.userId, t.jobId),
    index("applications_user_updated_idx").on(t.userId, t.updatedAt),
    check("applications_status_check", oneOf(t.status, APPLICATION_STATUS_SLUGS)),
  ],
);

/**
 * An application made on the board (issue 27): what the candidate sent, where it stands with
 * the employer, and how it ended. One per person per job. Its CV is a private file
 * (lib/server/storage/cv-store.ts), named by `cv_key`, never by a guessable address.
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who applied, and the account's verified address it was sent from; null once purged. */
    fullName: text("full_name"),
    email: text("email"),
    headline: text("headline"),
    links: text("links")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverNote: text("cover_note"),
    answers: jsonb("answers")
      .$type<ScreeningAnswer[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The CV's file in the private store, its name as uploaded and its size; null once purged. */
    cvKey: text("cv_key"),
    cvName: text("cv_name"),
    cvBytes: integer("cv_bytes"),
    stage: text("stage").$type<ApplicationStage>().notNull().default("new"),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The employer's message with its last stage change (a rejection's, say). */
    stageMessage: text("stage_message"),
    /** Closed without a decision: why (its listing left the board), and when. */
    closedReason: text("closed_reason").$type<CloseReason>(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Withdrawn by the candidate. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** When its CV and answers were deleted, 180 days after its listing closed. */
    purgedAt: timestamp("purged_at", { withTimezone: true }),
    /** Told to the employer (at once or in the day's digest). */
    employerNotifiedAt: timestamp("employer_notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("job_applications_job_user_key").on(t.jobId, t.userId),
    index("job_applications_job_stage_idx").on(t.jobId, t.stage, t.createdAt),
    index("job_applications_user_idx").on(t.userId, t.createdAt),
    check("job_applications_stage_check", oneOf(t.stage, APPLICATION_STAGES)),
    check(
      "job_applications_closed_reason_check",
      sql`${t.closedReason} is null or ${oneOf(t.closedReason, CLOSE_REASONS)}`,
    ),
  ],
);

/** An employer's private note on an application. */
export const applicationNotes = pgTable(
  "application_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_notes_application_idx").on(t.applicationId, t.createdAt)],
);

/**
 * The conversation on an application (issue 42): what the employer and the candidate wrote to
 * each other, on the board or by answering the mail that told them (`via`). A message sent with
 * a stage change names that stage. Each is mailed to the other side; nobody's address is shown.
 * Deleted with the application's other personal data when its retention ends.
 */
export const applicationMessages = pgTable(
  "application_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    /** Which side wrote it: the listing's employer (or a moderator for them), or the candidate. */
    side: text("side").$type<MessageSide>().notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** The stage it was sent with, when it came with a stage change. */
    stage: text("stage").$type<ApplicationStage>(),
    via: text("via").$type<MessageVia>().notNull().default("board"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("application_messages_application_idx").on(t.applicationId, t.createdAt),
    check("application_messages_side_check", oneOf(t.side, MESSAGE_SIDES)),
    check("application_messages_via_check", oneOf(t.via, MESSAGE_VIAS)),
    check(
      "application_messages_stage_check",
      sql`${t.stage} is null or ${oneOf(t.stage, APPLICATION_STAGES)}`,
    ),
  ],
);

/** A candidate's CV kept on their profile for their next application, replaceable. */
export const candidateCvs = pgTable("candidate_cvs", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  cvKey: text("cv_key").notNull(),
  cvName: text("cv_name").notNull(),
  cvBytes: integer("cv_bytes").notNull(),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
});

export type JobApplicationRow = typeof jobApplications.$inferSelect;

export type PreferencesRow = typeof preferences.$inferSelect;
export type NewPreferences = typeof preferences.$inferInsert;
export type ApplicationRow = typeof applications.$inferSelect;

/**
 * Accounts deleted on request. An ID token stays valid for up to an hour after its account is
 * deleted; this keeps such a token from bringing the account back on its next request.
 */
export const deletedAccounts = pgTable("deleted_accounts", {
  firebaseUid: text("firebase_uid").primaryKey(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Recruitment-services enquiries from the form on /recruitment-services. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    website: text("website"),
    service: text("service").notNull(),
    roles: integer("roles").notNull(),
    message: text("message").notNull(),
    /** The moderators' inbox: `new` until answered, `replied` once answered, `closed` when done. */
    status: text("status").$type<EnquiryStatus>().notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("enquiries_status_check", oneOf(t.status, ENQUIRY_STATUSES)),
    index("enquiries_status_created_idx").on(t.status, t.createdAt),
    check(
      "enquiries_service_check",
      oneOf(
        t.service,
        RECRUITMENT_PLANS.map((plan) => plan.id),
      ),
    ),
    check("enquiries_roles_check", sql`${t.roles} between 1 and 100`),
    index("enquiries_created_idx").on(t.createdAt),
  ],
);

/**
 * Stripe webhook events already acted on, by Stripe's event id: Stripe retries deliveries and
 * a captured request can be replayed, and neither may act twice.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Periodic work (lib/server/worker): when each task is next due. Every process ticks; a run
 * happens in the one whose update moves next_run_at on first, so once across all instances.
 */
export const scheduledTasks = pgTable("scheduled_tasks", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  /** When the last run was claimed. */
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});

/**
 * Rate limit counters shared by every instance on PostgreSQL: rate-limiter-flexible's
 * RateLimiterPostgres table (lib/server/http/rate-limit.ts), made here rather than by the
 * library at run time, so instances starting together do not race to create it. `expire` is
 * in milliseconds since the epoch; expired rows are deleted every few minutes.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/**
 * Jobs already sent to a candidate in an alert digest: no job is sent to them twice, whatever
 * their time zone or frequency changes to, or however often an operator forces a run.
 */
export const alertSentJobs = pgTable(
  "alert_sent_jobs",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.jobId] }),
    // Deleting a job deletes its rows here: without this, each delete would read the table.
    index("alert_sent_jobs_job_idx").on(t.jobId),
  ],
);

/**
 * A search of the board a candidate keeps (issue 29): the job lists' filters as the query string
 * names them (lib/jobs/filters.ts, without the paging; null for a filter left out), and how often
 * its new matches are mailed. One per person per search (the words in any case), at most
 * MAX_SAVED_SEARCHES (lib/saved-searches/constants.ts) each, which the service keeps.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    q: text("q"),
    department: text("department"),
    region: text("region"),
    type: text("type"),
    salaryMin: integer("salary_min"),
    alertFrequency: text("alert_frequency").$type<AlertFrequency>().notNull(),
    /**
     * When the alert run last claimed it (lib/server/alerts/saved-search-alerts.ts): a mail went
     * out then, or nothing was new. Jobs published since are the next mail's; null until the
     * first run, which looks from created_at. alert_sent_jobs keeps any job from going twice.
     */
    alertsSentAt: timestamp("alerts_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One per person per search: the words in any case, a filter left out as one.
    uniqueIndex("saved_searches_user_search_key").on(
      t.userId,
      sql`lower(coalesce(q, ''))`,
      sql`coalesce(department, '')`,
      sql`coalesce(region, '')`,
      sql`coalesce(type, '')`,
      sql`coalesce(salary_min, -1)`,
    ),
    check("saved_searches_alert_frequency_check", oneOf(t.alertFrequency, ALERT_FREQUENCY_SLUGS)),
    check("saved_searches_salary_min_check", sql`${t.salaryMin} is null or ${t.salaryMin} >= 0`),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/**
 * Secrets the app makes for itself, one per name, the same for every instance on the database:
 * the first instance to need one inserts it (on conflict, nothing) and every instance reads the
 * row that won. No configuration to share between instances, and nothing to rotate by hand.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

/** A moderator's answer to an enquiry, mailed to whoever sent it. */
export const enquiryReplies = pgTable(
  "enquiry_replies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** The moderator's email: kept as text so the record outlives their account. */
    sentBy: text("sent_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_replies_enquiry_idx").on(t.enquiryId, t.createdAt)],
);

/**
 * An employer's change to a live listing that must be reviewed before it shows (a material
 * change: lib/listings/management.ts): the approved version stays live meanwhile. At most one
 * waits per listing; a newer edit replaces it (`superseded`).
 */
export const listingEdits = pgTable(
  "listing_edits",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /**
     * The listing's fields as the employer wants them, all of them (the submission's `job`), and
     * under `place` where it can be done, when the edit gave it (the submission's `place`).
     */
    changes: jsonb("changes").$type<PendingListingChanges>().notNull(),
    status: text("status").$type<ListingEditStatus>().notNull().default("pending"),
    /** The moderator's reason when it is not approved; the employer reads it. */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
  },
  (t) => [
    check("listing_edits_status_check", oneOf(t.status, LISTING_EDIT_STATUSES)),
    uniqueIndex("listing_edits_pending_key")
      .on(t.jobId)
      .where(sql`status = 'pending'`),
    index("listing_edits_job_idx").on(t.jobId, t.createdAt),
  ],
);

/**
 * Who changed what, and when: every employer and moderator change to a listing, a company or an
 * enquiry, written in the change's own transaction. Rows are never updated, except to forget a
 * deleted account's email.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    /** The actor's email at the time; null for the system, or once their account is deleted. */
    actorEmail: text("actor_email"),
    role: text("role").$type<AuditRole>().notNull(),
    /** What was done, as `subject.verb`: "listing.fill", "enquiry.reply". */
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: integer("subject_id").notNull(),
    /** What changed: the fields before and after, a reason. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check("audit_log_role_check", oneOf(t.role, AUDIT_ROLES)),
    index("audit_log_at_idx").on(t.at),
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId, t.at),
    index("audit_log_actor_idx").on(t.actorId),
  ],
);

/**
 * A listing's figures, one row per listing per UTC day: counted on the server, without any
 * personal data (lib/server/stats).
 */
export const listingStats = pgTable(
  "listing_stats",
  {
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    applyClicks: integer("apply_clicks").notNull().default(0),
    saves: integer("saves").notNull().default(0),
    notInterested: integer("not_interested").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.day] })],
);

/**
 * Which visitors were already counted today, so a repeat view counts once: each row is a hash
 * of the day's random salt, the visitor's address and browser, the listing and the event. The
 * salt is deleted after its day, and these rows with it, so no row can be traced to anyone.
 */
export const statsVisitors = pgTable(
  "stats_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    mark: text("mark").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.mark] })],
);

/**
 * What listings pay, by role, region and type (lib/server/salaries): recomputed from the
 * listings by a periodic task, not per request. An empty department, region or type stands for
 * all of them; an empty quarter for the last twelve months, else the quarter ("2026-Q3"). Pay is
 * annual base pay in US dollars (lib/salaries/pay.ts): the 25th, 50th and 75th percentiles of
 * the listings' midpoints, and the lowest and highest pay any of them offers; all null when
 * fewer than MIN_LISTINGS listings are behind them.
 */
export const salaryFigures = pgTable(
  "salary_figures",
  {
    department: text("department").notNull(),
    region: text("region").notNull(),
    type: text("type").notNull(),
    quarter: text("quarter").notNull(),
    listings: integer("listings").notNull(),
    p25: integer("p25"),
    median: integer("median"),
    p75: integer("p75"),
    low: integer("low"),
    high: integer("high"),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.department, t.region, t.type, t.quarter] })],
);
