// @vitest-environment node
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/lib/server/db/client";
import { jobs, users } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { renderMail } from "@/lib/server/worker/mail-templates";
import { getQueue } from "@/lib/server/queue/queue";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { setUpTestDatabase } from "@/tests/support/database";
import { addMember } from "@/tests/support/teams";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * Held drafts' reminders (issue 63), the draft-reminders task run with a given `now` on the real
 * database: a listing whose checkout was opened and not paid is reminded once, a day after, to
 * its submitter, with its plan's name and price and a link to finish it; not before, not twice
 * (not even by two runs at once), and not once paid or withdrawn.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  await getQueue(handle);
});

const at = (iso: string) => new Date(iso);

const remind = async (now: string) =>
  TASK_HANDLERS["draft-reminders"]({
    db: handle.db,
    boss: await getQueue(handle),
    now: at(now),
    data: {},
  });

/** The mail queued to `to`, oldest first, as the queue holds it. */
async function mailTo(to: string) {
  return rowsOf<{ data: MailMessage }>(
    await handle.db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${to} order by created_on`,
    ),
  ).map((row) => row.data);
}

/** A company and its recruiter, who submits the drafts. */
async function submitter(name: string) {
  const slug = `${name.toLowerCase()}-${run}`;
  const company = await insertCompany(handle.db, slug, name);
  const email = `recruiter-${slug}@company.example`;
  const [user] = await handle.db
    .insert(users)
    .values({ firebaseUid: `recruiter-${slug}`, email, emailVerified: true })
    .returning();
  await addMember(handle.db, company.id, user!, "recruiter");
  const draft = (
    title: string,
    createdAt: string,
    change: Partial<typeof jobs.$inferInsert> = {},
  ) =>
    insertJob(handle.db, {
      title: `${title} ${run}`,
      companyId: company.id,
      submittedBy: user!.id,
      status: "pending",
      paymentStatus: "awaiting_payment",
      plan: "featured",
      createdAt: at(createdAt),
      ...change,
    });
  return { email, draft };
}

describe("draft reminders", () => {
  it("reminds the submitter once, a day after the checkout opened, with the plan's price", async () => {
    const { email, draft } = await submitter("Drafting");
    const listing = await draft("Motion Designer", "2026-03-01T10:00:00Z");

    // Not before a day has passed.
    expect(await remind("2026-03-02T09:59:00Z")).toEqual({ reminded: 0 });
    expect(await mailTo(email)).toHaveLength(0);

    expect(await remind("2026-03-02T10:00:00Z")).toEqual({ reminded: 1 });
    // Never twice: not at the next run, nor days later.
    expect(await remind("2026-03-02T11:00:00Z")).toEqual({ reminded: 0 });
    expect(await remind("2026-03-09T10:00:00Z")).toEqual({ reminded: 0 });

    const mail = await mailTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      template: "listing-draft",
      props: {
        jobId: listing.id,
        title: `Motion Designer ${run}`,
        planName: "Featured",
        priceMinor: 34900,
        currency: "usd",
      },
    });
    const rendered = await renderMail(mail[0]!);
    expect(rendered.subject).toBe(`Your draft is not paid yet: Motion Designer ${run}`);
    expect(rendered.html).toContain(`/listings?listing=${listing.id}`);
    expect(rendered.text).toContain("$349");
    expect(rendered.text).toContain("Featured");
    const [row] = await handle.db
      .select({ remindedAt: jobs.draftRemindedAt })
      .from(jobs)
      .where(eq(jobs.id, listing.id));
    expect(row!.remindedAt).toEqual(at("2026-03-02T10:00:00Z"));
  });

  it("reminds no paid, withdrawn or renewing listing, nor one without a submitter", async () => {
    const { email, draft } = await submitter("Settled");
    const created = "2026-04-01T10:00:00Z";
    await draft("Paid Editor", created, { paymentStatus: "paid" });
    await draft("Withdrawn Editor", created, { status: "withdrawn" });
    // A renewal waiting for its payment is a live listing's, not a draft.
    await draft("Renewing Editor", created, { status: "expired" });
    await draft("Sample Editor", created, { submittedBy: null });

    await remind("2026-04-03T10:00:00Z");
    expect(await mailTo(email)).toHaveLength(0);
  });

  it("is sent once when two runs claim at once", async () => {
    const { email, draft } = await submitter("Racing");
    const drafts = await Promise.all(
      ["First", "Second", "Third"].map((title) => draft(title, "2026-05-01T10:00:00Z")),
    );
    const runs = await Promise.all([
      remind("2026-05-02T12:00:00Z"),
      remind("2026-05-02T12:00:00Z"),
    ]);
    expect(runs.reduce((sum, result) => sum + result.reminded!, 0)).toBe(3);
    const mail = await mailTo(email);
    expect(mail.map((message) => (message.props as { jobId: number }).jobId).sort()).toEqual(
      drafts.map((listing) => listing.id).sort(),
    );
    const reminded = await handle.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          drafts.map((listing) => listing.id),
        ),
      );
    expect(reminded).toHaveLength(3);
  });
});
