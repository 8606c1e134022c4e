import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { readOffer } from "@/features/billing/server/offer";
import type { z } from "zod";
import type { AtsKind } from "@/features/imports/ats";
import type {
  moderatorSourceInputSchema,
  moderatorSourceReviewSchema,
} from "@/features/imports/schemas";
import { recordAudit } from "@/lib/server/audit/audit";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import type { Moderator } from "@/lib/server/auth/caller";
import type { Database } from "@/lib/server/db/client";
import { atsJobs, atsSources, companies, jobs, users } from "@/lib/server/db/schema";
import { conflict, InvalidInput, notFound } from "@/lib/server/errors";
import { memberCount } from "@/lib/server/users/company-admins";
import { withMail } from "@/lib/server/queue/queue";
import { purgeCachedPages } from "@/lib/server/http/page-cache";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import {
  approvedClaim,
  approveSourceRow,
  boardOf,
  closeCompetingClaims,
  insertSource,
  json,
  liveListings,
  lockBoard,
  previewSource,
  refuseIfClaimedElsewhere,
  setSourceStatus,
} from "@/features/imports/server/sources-api";
import { queueSourceRun } from "@/features/imports/server/sync";
import { publishImported, storeDescriptionHtml } from "@/features/listings/server/listing-state";
import { approvalDates, pendingPostingIssues } from "@/features/listings/server/job-posting-check";
import { descriptionHtmlOfMany } from "@/features/jobs/server/jobs";
import { createCompany } from "@/features/companies/server/company-records";

type ModeratorSourceReview = z.output<typeof moderatorSourceReviewSchema>;
type Waiting = ModeratorSourceReview["waiting"][number];

/*
 * What moderators do with imports (issue 46, 60, 61): every source and the claims to its board,
 * one source with its listings waiting in review, a source added for a company with no account
 * yet, a source's first import approved, a source paused or resumed. The claims' rules are the
 * imports feature's (features/imports/server/sources-api.ts).
 */

/**
 * Every source, with its company and how many members it has, newest first; or those of one
 * board (`board`), its claims' competitors among them.
 */
export async function moderatorSources(db: Database, board?: { ats: AtsKind; board: string }) {
  const rows = await db
    .select({
      source: atsSources,
      company: {
        id: companies.id,
        name: companies.name,
        slug: companies.slug,
        website: companies.website,
      },
      members: memberCount(companies.id),
    })
    .from(atsSources)
    .innerJoin(companies, eq(companies.id, atsSources.companyId))
    .where(board && and(eq(atsSources.ats, board.ats), eq(atsSources.board, board.board)))
    .orderBy(desc(atsSources.createdAt), desc(atsSources.id))
    .limit(1_000);
  const live = await liveListings(
    db,
    rows.map((row) => row.source.id),
  );
  const claimantIds = [...new Set(rows.flatMap((row) => row.source.addedBy ?? []))];
  const claimants =
    claimantIds.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.id, claimantIds));
  const domainOf = new Map(
    claimants.map((one) => [one.id, one.email?.split("@").pop()?.toLowerCase() ?? null]),
  );
  const byBoard = Map.groupBy(rows, (row) => `${row.source.ats}:${row.source.board}`);
  return {
    sources: rows.map((row) => ({
      ...json(row.source, live.get(row.source.id) ?? 0),
      company: { id: row.company.id, name: row.company.name, slug: row.company.slug },
      members: row.members,
      claim: {
        ats_company_name: row.source.atsCompanyName,
        ats_site: row.source.atsSite,
        company_website: row.company.website,
        claimed_from:
          row.source.addedBy === null ? null : (domainOf.get(row.source.addedBy) ?? null),
        competing: (byBoard.get(`${row.source.ats}:${row.source.board}`) ?? [])
          .filter((other) => other.source.id !== row.source.id)
          .map((other) => ({
            source_id: other.source.id,
            company: { id: other.company.id, name: other.company.name, slug: other.company.slug },
            reviewed: other.source.reviewedAt !== null,
          })),
      },
    })),
  };
}

/**
 * One source for a moderator, with its listings waiting in review as they would read once
 * published (issue 61): what approving its first import publishes, before it is approved.
 */
export async function moderatorSourceReview(
  db: Database,
  sourceId: number,
  now: Date = new Date(),
): Promise<ModeratorSourceReview> {
  const [claimed] = await db
    .select({ ats: atsSources.ats, board: atsSources.board })
    .from(atsSources)
    .where(eq(atsSources.id, sourceId));
  if (!claimed) throw notFound("No import has this id");
  const { sources } = await moderatorSources(db, claimed);
  const source = sources.find((one) => one.id === sourceId);
  if (!source) throw notFound("No import has this id");
  const rows = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      department: jobs.department,
      region: jobs.region,
      type: jobs.type,
      location: jobs.location,
      salaryMin: jobs.salaryMin,
      salaryMax: jobs.salaryMax,
      salaryCurrency: jobs.salaryCurrency,
      salaryPeriod: jobs.salaryPeriod,
      applyUrl: jobs.applyUrl,
      description: jobs.description,
      descriptionHtml: jobs.descriptionHtml,
    })
    .from(atsJobs)
    .innerJoin(jobs, eq(jobs.id, atsJobs.jobId))
    .where(and(eq(atsJobs.sourceId, sourceId), eq(jobs.status, "pending")))
    .orderBy(asc(atsJobs.firstSeenAt), asc(atsJobs.id))
    .limit(500);
  const html = await descriptionHtmlOfMany(db, rows, storeDescriptionHtml);
  const issues = await pendingPostingIssues(
    db,
    rows.map((row) => row.id),
    now,
  );
  const waiting = rows.map((row) => {
    const errors = (issues.get(row.id) ?? []).filter((issue) => issue.severity === "error");
    return {
      id: row.id,
      title: row.title,
      department: row.department as Waiting["department"],
      region: row.region as Waiting["region"],
      type: row.type as Waiting["type"],
      location: row.location,
      salary_min: row.salaryMin,
      salary_max: row.salaryMax,
      salary_currency: row.salaryCurrency,
      salary_period: row.salaryPeriod,
      apply_url: row.applyUrl,
      description_html: html.get(row.id) ?? "",
      publishes: errors.length === 0,
      held_because: errors.map((issue) => issue.message),
    };
  });
  return { source, waiting, publishes: waiting.filter((one) => one.publishes).length };
}

type ModeratorSourceInput = z.output<typeof moderatorSourceInputSchema>;

/**
 * A moderator adds a source (backfill): for a company on the board, or one made here by name and
 * website, which an employer at its domain may claim later. It is reviewed as it is added.
 */
export async function addSourceAsModerator(
  db: Database,
  boss: PgBoss,
  moderator: Moderator,
  input: ModeratorSourceInput,
) {
  const { ats, board } = boardOf(input);
  if ((input.company_id === undefined) === (input.company === undefined)) {
    throw new InvalidInput({ company: ["Choose a company on the board, or name a new one"] });
  }
  const preview = await previewSource({ ...input, ats, board });
  const companyId = input.company_id ?? (await createCompany(db, input.company!, "numbered"));
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new InvalidInput({ company_id: ["No company has this id"] });
  const now = new Date();
  return {
    source: await insertSource(db, boss, await moderatorActor(db, moderator), {
      companyId,
      ats,
      board,
      // A company with no account has no credits to spend.
      plan: "standard",
      rules: input.rules,
      addedBy: null,
      addedByModerator: moderator.email,
      reviewedAt: now,
      reviewedBy: moderator.email,
      atsCompanyName: preview.company_name,
      atsSite: preview.company_site,
    }),
  };
}

/**
 * A moderator approves a source's first import: its listings waiting in review go live, and
 * from now on its new and changed jobs go live without review.
 */
export async function approveSource(
  db: Database,
  boss: PgBoss,
  moderator: Moderator,
  sourceId: number,
) {
  const now = new Date();
  const published = await withMail(db, async (tx) => {
    const [claimed] = await tx.select().from(atsSources).where(eq(atsSources.id, sourceId));
    if (!claimed) throw notFound("No import has this id");
    await lockBoard(tx, claimed.ats, claimed.board);
    const holder = await approvedClaim(tx, claimed.ats, claimed.board);
    if (holder && holder.id !== sourceId) {
      throw conflict(
        "Another company's claim to this board is approved already: pause or remove it first",
      );
    }
    const source = await approveSourceRow(tx, sourceId, moderator.email, now);
    if (!source) throw notFound("No import has this id");
    const mail = await closeCompetingClaims(tx, source, now);
    const pending = await tx
      .select({ id: jobs.id, plan: jobs.plan, planDays: jobs.planDays })
      .from(jobs)
      .innerJoin(atsJobs, eq(atsJobs.jobId, jobs.id))
      .where(and(eq(atsJobs.sourceId, sourceId), eq(jobs.status, "pending")));
    // Those Google's rules refuse wait, in the review queue, for a moderator's word on each.
    const issues = await pendingPostingIssues(
      tx,
      pending.map((row) => row.id),
      now,
    );
    const ids: number[] = [];
    const offer = await readOffer(tx);
    for (const row of pending) {
      if ((issues.get(row.id) ?? []).some((issue) => issue.severity === "error")) continue;
      await publishImported(tx, row.id, {
        reviewedBy: moderator.email,
        now,
        dates: approvalDates(offer, row, now),
      });
      ids.push(row.id);
    }
    await recordAudit(tx, await moderatorActor(tx, moderator), {
      action: "source.approve",
      subjectType: "source",
      subjectId: sourceId,
      companyId: source.companyId,
      detail: { published: ids.length },
    });
    return { result: ids, mail };
  });
  if (published.length > 0) purgeCachedPages(jobPagesPurge(published));
  await queueSourceRun(boss, sourceId, { force: true });
  return { published: published.length };
}

/** A moderator pauses (with a reason the company sees) or resumes any source. */
export async function setSourceStatusAsModerator(
  db: Database,
  moderator: Moderator,
  sourceId: number,
  change: { status: "active" | "paused"; reason?: string | undefined },
) {
  const now = new Date();
  const [row] = await db.transaction(async (tx) => {
    if (change.status === "active") {
      const [source] = await tx.select().from(atsSources).where(eq(atsSources.id, sourceId));
      if (source) await refuseIfClaimedElsewhere(tx, source);
    }
    const updated = await setSourceStatus(tx, sourceId, change, now);
    if (updated[0]) {
      await recordAudit(tx, await moderatorActor(tx, moderator), {
        action: change.status === "paused" ? "source.pause" : "source.resume",
        subjectType: "source",
        subjectId: sourceId,
        companyId: updated[0].companyId,
        detail: change.reason ? { reason: change.reason } : {},
      });
    }
    return updated;
  });
  if (!row) throw notFound("No import has this id");
  const live = await liveListings(db, [sourceId]);
  return { source: json(row, live.get(sourceId) ?? 0) };
}
