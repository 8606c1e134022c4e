import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { z } from "zod";
import { ATS_LABELS, type AtsKind } from "@/features/imports/ats";
import {
  boardInputSchema,
  type previewInputSchema,
  type sourceChangesSchema,
  type SourceJson,
  type SourcePreview,
  type SourceRulesJson,
  type sourceInputSchema,
} from "@/features/imports/schemas";
import { employerActor, recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { atsJobs, atsSources, jobs, type AtsSource } from "@/lib/server/db/schema";
import { readServerEnv } from "@/lib/server/env";
import { conflict, InvalidInput, notFound, unavailable } from "@/lib/server/errors";
import { withMail } from "@/lib/server/queue/queue";
import { pauseNotice } from "./source-mail";
import { purgeCachedPages } from "@/lib/server/http/page-cache";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import { AtsError } from "./ats/types";
import { previewBoard } from "./board-reader";
import { rulesOf } from "./rules";
import { queueSourceRun } from "./sync";
import { endListings } from "@/features/listings/server/listing-state";
import { planForSale } from "@/features/billing/server/offer";

/*
 * What the import API does (issue 46): a board previewed before anything is stored, a source
 * connected, changed, paused, run now or removed by its company's owner and admins. What
 * moderators do with sources (every source, add one for a company with no account yet, approve
 * its first import, pause it) is features/moderation/server/import-sources.ts, which calls the
 * claims' rules exported here.
 */

/** A preview waits this long for the ATS: a person is waiting for it. */
const PREVIEW_TIMEOUT_MS = 20_000;

type PreviewInput = z.output<typeof previewInputSchema>;

/** The ATS and board of `input`, normalised; 422 on `board` when it cannot be a board's name. */
export function boardOf(input: { ats: AtsKind; board: string }) {
  const parsed = boardInputSchema.safeParse({ ats: input.ats, board: input.board });
  if (!parsed.success) {
    throw new InvalidInput({
      board: parsed.error.issues.map((issue) => issue.message),
    });
  }
  return parsed.data;
}

/** The ATS's failure as the API answers it: the employer's typing (422), or the ATS (503). */
function failureOf(error: AtsError, ats: AtsKind, board: string): Error {
  const label = ATS_LABELS[ats];
  switch (error.code) {
    case "not_found":
      return new InvalidInput({
        board: [`${label} has no public board called “${board}”: check the name`],
      });
    case "empty":
      return new InvalidInput({ board: ["No jobs found: check the name"] });
    case "malformed":
    case "too_large":
      return new InvalidInput({ board: [error.message] });
    default:
      return unavailable(error.message, 60);
  }
}

/**
 * The board as it would be imported: read live in a worker thread (board-reader.ts), nothing
 * stored.
 */
export async function previewSource(input: PreviewInput): Promise<SourcePreview> {
  const { ats, board } = boardOf(input);
  try {
    return await previewBoard({
      kind: ats,
      board,
      fetch: { origin: readServerEnv().ATS_API_URL, timeoutMs: PREVIEW_TIMEOUT_MS },
      rules: rulesOf(input.rules),
    });
  } catch (error) {
    if (error instanceof AtsError) throw failureOf(error, ats, board);
    throw error;
  }
}

/** Live listings of each source, by id. */
export async function liveListings(db: Database, sourceIds: number[]) {
  if (sourceIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ sourceId: atsJobs.sourceId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(atsJobs)
    .innerJoin(jobs, eq(jobs.id, atsJobs.jobId))
    .where(and(inArray(atsJobs.sourceId, sourceIds), eq(jobs.status, "open")))
    .groupBy(atsJobs.sourceId);
  return new Map(rows.map((row) => [row.sourceId, row.count]));
}

export const json = (source: AtsSource, live: number): SourceJson => ({
  id: source.id,
  ats: source.ats,
  board: source.board,
  plan: source.plan,
  // Sources stored before country rules (issue 61) have none: every country.
  rules: { ...source.rules, only_countries: source.rules.only_countries ?? [] },
  status: source.status,
  paused_reason: source.pausedReason,
  reviewed: source.reviewedAt !== null,
  live_listings: live,
  last_run_at: source.lastRunAt?.toISOString() ?? null,
  last_success_at: source.lastSuccessAt?.toISOString() ?? null,
  next_run_at: source.status === "active" ? source.nextRunAt.toISOString() : null,
  failures: source.failures,
  last_error: source.lastError,
  last_report: source.lastReport,
  created_at: source.createdAt.toISOString(),
});

/** A company's sources, newest first. */
export async function companySources(db: Database, companyId: number) {
  const rows = await db
    .select()
    .from(atsSources)
    .where(eq(atsSources.companyId, companyId))
    .orderBy(desc(atsSources.createdAt), desc(atsSources.id));
  const live = await liveListings(
    db,
    rows.map((row) => row.id),
  );
  return { sources: rows.map((row) => json(row, live.get(row.id) ?? 0)) };
}

/** One source of the company's; 404 for any other. */
async function ownSource(db: Database, companyId: number, sourceId: number) {
  const [row] = await db
    .select()
    .from(atsSources)
    .where(and(eq(atsSources.id, sourceId), eq(atsSources.companyId, companyId)));
  if (!row) throw notFound("Your company has no import with this id");
  return row;
}

/*
 * A board is claimed, not grabbed (issue 60). Connecting a board is a company's claim to it:
 * several companies may claim one board while their claims wait for a moderator, each read into
 * listings that wait in review. The claim a moderator approves holds: the board is then that
 * company's (a unique index among approved sources), the other claims are paused with a mail to
 * their owners and admins, and their listings still waiting are withdrawn. Everything that
 * decides who holds a board takes the board's lock first, so a claim and an approval at the
 * same moment are one after the other.
 */

const CLAIMED_ELSEWHERE = "This board is imported for another company. If it is yours, write to us";
const CLAIM_LOST =
  "Another company's claim to this board was approved. If the board is yours, write to us";

/** Withdraws the listings of `sourceIds` in one of `statuses`; answers their ids. */
async function withdrawListingsOf(
  tx: Database,
  sourceIds: number[],
  statuses: ("open" | "pending" | "expired")[],
  now: Date,
) {
  const withdrawn = await endListings(
    tx,
    tx.select({ id: atsJobs.jobId }).from(atsJobs).where(inArray(atsJobs.sourceId, sourceIds)),
    { status: "withdrawn", now, from: statuses },
  );
  return withdrawn.map((row) => row.id);
}

/** Holds the board's lock until `tx` ends: who holds a board is decided one at a time. */
export const lockBoard = (tx: Database, ats: AtsKind, board: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ats-board:${ats}:${board}`}))`);

/** The approved source of the board, if any. */
export async function approvedClaim(tx: Database, ats: AtsKind, board: string) {
  const [row] = await tx
    .select({ id: atsSources.id, companyId: atsSources.companyId })
    .from(atsSources)
    .where(
      and(eq(atsSources.ats, ats), eq(atsSources.board, board), isNotNull(atsSources.reviewedAt)),
    );
  return row;
}

/** 409 when another company's claim to the source's board is approved. */
export async function refuseIfClaimedElsewhere(tx: Database, source: AtsSource) {
  const holder = await approvedClaim(tx, source.ats, source.board);
  if (holder && holder.id !== source.id) throw conflict(CLAIM_LOST);
}

/**
 * Pauses the other claims to `source`'s board, now that its claim is approved: their listings
 * waiting in review are withdrawn, and their owners and admins told. Answers their mail.
 */
export async function closeCompetingClaims(tx: Database, source: AtsSource, now: Date) {
  const others = await tx
    .update(atsSources)
    .set({ status: "paused", pausedAt: now, pausedReason: CLAIM_LOST })
    .where(
      and(
        eq(atsSources.ats, source.ats),
        eq(atsSources.board, source.board),
        ne(atsSources.id, source.id),
        isNull(atsSources.reviewedAt),
      ),
    )
    .returning();
  if (others.length === 0) return [];
  await withdrawListingsOf(
    tx,
    others.map((other) => other.id),
    ["pending"],
    now,
  );
  const mail = [];
  for (const other of others) mail.push(...(await pauseNotice(tx, other, CLAIM_LOST)));
  return mail;
}

export type NewSource = {
  companyId: number;
  ats: AtsKind;
  board: string;
  plan: AtsSource["plan"];
  rules: SourceRulesJson;
  addedBy: number | null;
  addedByModerator: string | null;
  reviewedAt: Date | null;
  reviewedBy: string | null;
  atsCompanyName: string | null;
  atsSite: string | null;
};

/**
 * A moderator's approval of a claim, stored: reviewed now, by them, and running (a paused claim
 * too). The source's row, or undefined when it is gone.
 */
export async function approveSourceRow(
  tx: Database,
  sourceId: number,
  reviewedBy: string,
  now: Date,
): Promise<AtsSource | undefined> {
  const [source] = await tx
    .update(atsSources)
    .set({ reviewedAt: now, reviewedBy, status: "active", pausedAt: null, pausedReason: null })
    .where(eq(atsSources.id, sourceId))
    .returning();
  return source;
}

/**
 * A moderator's pause (with the reason the company sees, or the board's own) or resume, due to
 * run at once. The changed rows (none when the source is gone).
 */
export async function setSourceStatus(
  tx: Database,
  sourceId: number,
  change: { status: "active" | "paused"; reason?: string | undefined },
  now: Date,
): Promise<AtsSource[]> {
  return tx
    .update(atsSources)
    .set(
      change.status === "paused"
        ? {
            status: "paused",
            pausedAt: now,
            pausedReason: change.reason ?? "Paused by the board's moderators",
          }
        : { status: "active", pausedAt: null, pausedReason: null, failures: 0, nextRunAt: now },
    )
    .where(eq(atsSources.id, sourceId))
    .returning();
}

/**
 * Stores a company's claim to a board and queues its first run: 409 when the company claimed it
 * already, or another company's claim to it is approved. A claim a moderator adds is approved as
 * it is added, and closes the others.
 */
export async function insertSource(
  db: Database,
  boss: PgBoss,
  actor: AuditActor,
  values: NewSource,
) {
  if (values.plan) await refuseUnsold(db, values.plan);
  const source = await withMail(db, async (tx) => {
    await lockBoard(tx, values.ats, values.board);
    const holder = await approvedClaim(tx, values.ats, values.board);
    if (holder && holder.companyId !== values.companyId) throw conflict(CLAIMED_ELSEWHERE);
    const [row] = await tx.insert(atsSources).values(values).onConflictDoNothing().returning();
    if (!row) throw conflict("This board is imported already: change that import instead");
    await recordAudit(tx, actor, {
      action: "source.add",
      subjectType: "source",
      subjectId: row.id,
      companyId: values.companyId,
      detail: { ats: values.ats, board: values.board, plan: values.plan },
    });
    const mail = row.reviewedAt ? await closeCompetingClaims(tx, row, row.reviewedAt) : [];
    return { result: row, mail };
  });
  await queueSourceRun(boss, source.id);
  return json(source, 0);
}

type SourceInput = z.output<typeof sourceInputSchema>;

/** Connects a board to the caller's company: its first run is queued at once. */
export async function connectSource(
  db: Database,
  boss: PgBoss,
  { user, member }: Employer,
  input: SourceInput,
) {
  const { ats, board } = boardOf(input);
  // A board answering nothing is refused here too, not only in the preview.
  const preview = await previewSource({ ...input, ats, board });
  return {
    source: await insertSource(db, boss, employerActor(user), {
      companyId: member.companyId,
      ats,
      board,
      plan: input.plan,
      rules: input.rules,
      addedBy: user.id,
      addedByModerator: null,
      reviewedAt: null,
      reviewedBy: null,
      atsCompanyName: preview.company_name,
      atsSite: preview.company_site,
    }),
  };
}

type SourceChanges = z.output<typeof sourceChangesSchema>;

/** 422 on `plan` for a plan the board does not sell (now). */
async function refuseUnsold(db: Database, plan: string) {
  if (!(await planForSale(db, plan))) throw new InvalidInput({ plan: ["Choose a plan"] });
}

/** Changes a source's choices, plan or status; its next run applies them (queued now). */
export async function changeSource(
  db: Database,
  boss: PgBoss,
  { user, member }: Employer,
  sourceId: number,
  changes: SourceChanges,
) {
  const before = await ownSource(db, member.companyId, sourceId);
  if (changes.plan && changes.plan !== before.plan) await refuseUnsold(db, changes.plan);
  const resumed = changes.status === "active" && before.status === "paused";
  const [row] = await db.transaction(async (tx) => {
    if (resumed) await refuseIfClaimedElsewhere(tx, before);
    const updated = await tx
      .update(atsSources)
      .set({
        ...(changes.rules ? { rules: changes.rules, bodyHash: null } : {}),
        ...(changes.plan ? { plan: changes.plan } : {}),
        ...(changes.status === "paused"
          ? {
              status: "paused" as const,
              pausedAt: new Date(),
              pausedReason: "Paused by your company",
            }
          : {}),
        ...(resumed
          ? { status: "active" as const, pausedAt: null, pausedReason: null, failures: 0 }
          : {}),
      })
      .where(eq(atsSources.id, sourceId))
      .returning();
    await recordAudit(tx, employerActor(user), {
      action: "source.update",
      subjectType: "source",
      subjectId: sourceId,
      companyId: member.companyId,
      detail: {
        fields: Object.keys(changes).filter(
          (key) => changes[key as keyof SourceChanges] !== undefined,
        ),
      },
    });
    return updated;
  });
  if (row!.status === "active" && (resumed || changes.rules))
    await queueSourceRun(boss, sourceId, { force: true });
  const live = await liveListings(db, [sourceId]);
  return { source: json(row!, live.get(sourceId) ?? 0) };
}

/** Queues a run of the company's source now (a paused one too). */
export async function runSourceNow(
  db: Database,
  boss: PgBoss,
  { member }: Employer,
  sourceId: number,
) {
  const source = await ownSource(db, member.companyId, sourceId);
  await refuseIfClaimedElsewhere(db, source);
  const askedAt = new Date().toISOString();
  return { queued: await queueSourceRun(boss, source.id, { force: true }), asked_at: askedAt };
}

/**
 * Removes a source: its live listings are withdrawn (their applicants told, as for any
 * withdrawn listing), and the board is read no more.
 */
export async function removeSource(db: Database, { user, member }: Employer, sourceId: number) {
  await ownSource(db, member.companyId, sourceId);
  const ended = await db.transaction(async (tx) => {
    const now = new Date();
    const live = await withdrawListingsOf(tx, [sourceId], ["open", "pending", "expired"], now);
    await tx.delete(atsSources).where(eq(atsSources.id, sourceId));
    await recordAudit(tx, employerActor(user), {
      action: "source.remove",
      subjectType: "source",
      subjectId: sourceId,
      companyId: member.companyId,
      detail: { withdrawn: live.length },
    });
    return live;
  });
  if (ended.length > 0) purgeCachedPages(jobPagesPurge(ended));
  return { withdrawn: ended.length };
}
