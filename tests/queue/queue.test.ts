// @vitest-environment node
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { connectPostgres, rowsOf } from "@/lib/server/db/client";
import { jobs, preferences, scheduledTasks, users, type NewJob } from "@/lib/server/db/schema";
import { log } from "@/lib/server/log";
import { closeMailTransports } from "@/lib/server/mail/send";
import type { MailMessage } from "@/lib/server/mail/messages";
import { enqueueMails, getQueue, QUEUES } from "@/lib/server/queue/queue";
import { runOnce } from "@/lib/server/worker/worker";
import { SCHEDULED_TASKS, TASK_HANDLERS } from "@/lib/server/worker/tasks";
import enquiriesHandler from "@/pages/api/enquiries";
import retryHandler from "@/pages/api/moderation/queue/[queueJobId]/retry";
import queueStatusHandler from "@/pages/api/moderation/queue/index";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { addMember } from "@/tests/support/teams";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { validEnquiry } from "@/tests/fixtures/enquiry";
import { rawHeader, startSmtpInbox, type SmtpInbox } from "@/tests/fixtures/smtp-inbox";

/*
 * The job queue end to end, on the real database and a real SMTP server: what a request queues
 * goes out once; an SMTP server that is down delays mail, it does not lose it; two workers never
 * send one message twice; periodic work is queued when due, and --now makes it all due.
 */

const handle = setUpTestDatabase();
let smtp: SmtpInbox;
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR_EMAIL = `moderator-${run}@creatorjobs.example`;

beforeAll(async () => {
  // Retries a second after a failure (doubling), not half a minute: the test waits for one.
  await getQueue(handle, { retryDelaySeconds: 1 });
  smtp = await startSmtpInbox();
  vi.stubEnv("SMTP_URL", smtp.url);
  vi.stubEnv("MAIL_TEAM_TO", "team@creatorjobs.example");
  vi.stubEnv("ADMIN_EMAILS", MODERATOR_EMAIL);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  closeMailTransports();
  await smtp.close();
});

beforeEach(() => {
  smtp.received.length = 0;
});

const drain = (options: { now?: boolean } = {}) =>
  getQueue(handle).then((boss) => runOnce(handle, boss, options));

const recipients = () => smtp.received.flatMap((message) => message.envelopeTo);
/** The messages received for `address`. */
const mailTo = (address: string) =>
  smtp.received.filter((message) => message.envelopeTo.includes(address)).map((m) => m.mail);

describe("mail a request queues", () => {
  it("goes out once, after the request, to the team, and never to the address the form typed", async () => {
    const enquiry = { ...validEnquiry(), email: `sender-${run}@brand.example` };
    const answer = await callApi(enquiriesHandler, { method: "POST", body: enquiry });
    expect(answer.status).toBe(201);
    // Queued, not sent, by the request.
    expect(smtp.received).toHaveLength(0);

    const summary = await drain();
    expect(summary.queues.mail).toEqual({ done: 1, failed: 0 });
    // Issue 40: anyone could have the board mail any address by typing it in; a person answers
    // the sender instead (enquiry-reply).
    expect(recipients()).toEqual(["team@creatorjobs.example"]);
    const [team] = mailTo("team@creatorjobs.example");
    expect(team!.text).toContain(enquiry.message);

    // Nothing is sent twice.
    await drain();
    expect(smtp.received).toHaveLength(1);
  });

  it("tells the employer their listing is live, with its link, when a moderator approves it", async () => {
    const [employer] = await handle.db
      .insert(users)
      .values({
        firebaseUid: `employer-${run}`,
        email: `employer-${run}@studio.example`,
        emailVerified: true,
        fullName: "Em",
      })
      .returning();
    const company = await insertCompany(handle.db, `queue-${run}`, "Queue Studio");
    await addMember(handle.db, company.id, employer!);
    const job = await insertJob(handle.db, {
      title: "Queue Editor",
      companyId: company.id,
      status: "pending",
      submittedBy: employer!.id,
    });
    const token = await googleIdToken({
      sub: `moderator-${run}`,
      email: MODERATOR_EMAIL,
      name: "Mo",
    });
    const answer = await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(job.id) },
      headers: bearer(token),
      body: { decision: "approve" },
    });
    expect(answer.status).toBe(200);

    await drain();
    expect(recipients()).toEqual([employer!.email]);
    const [mail] = mailTo(employer!.email!);
    expect(mail!.subject).toContain("Queue Editor");
    const site = process.env.NEXT_PUBLIC_SITE_URL!.replace(/\/$/, "");
    expect(mail!.html).toContain(`${site}/jobs/${job.id}-queue-editor`);
    expect(mail!.text).toContain(`${site}/jobs/${job.id}-queue-editor`);
  });
});

const message = (n: number): MailMessage => ({
  template: "account-deleted",
  to: `person-${n}-${run}@example.com`,
  props: { recipientName: `Person ${n}` },
});

describe("an SMTP server that is down", () => {
  it("leaves the mail to be retried, and it goes out once the server is back", async () => {
    const boss = await getQueue(handle);
    await enqueueMails(boss, [message(1)]);
    // A port nothing listens on: the connection is refused.
    const down = await startSmtpInbox();
    await down.close();
    vi.stubEnv("SMTP_URL", down.url);
    log.level = "silent";
    try {
      expect((await drain()).queues.mail).toEqual({ done: 0, failed: 1 });
    } finally {
      log.level = process.env.LOG_LEVEL ?? "warn";
      vi.stubEnv("SMTP_URL", smtp.url);
    }
    // Kept to be tried again after its delay. (Draining again to see it not due yet bet on the
    // drain taking less than that 1 s delay, which a loaded machine with one more queue missed.)
    const [job] = rowsOf<{ state: string }>(
      await handle.db.execute(
        sql`select state from pgboss.job where name = 'mail' and data->>'to' = ${message(1).to}`,
      ),
    );
    expect(job?.state).toBe("retry");
    // Due within 1 to 2 s (the delay, doubled per try, with jitter): drained until it goes.
    let sent: { done: number; failed: number } | undefined;
    for (let waited = 0; !sent && waited < 5_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      sent = (await drain()).queues.mail;
    }
    expect(sent).toEqual({ done: 1, failed: 0 });
    expect(recipients()).toEqual([message(1).to]);
  });
});

describe("failed jobs", () => {
  it("are listed for moderators, and one retried goes out", async () => {
    const boss = await getQueue(handle);
    const lost = message(50);
    // No retries: it fails for good at its first try.
    await boss.send(QUEUES.mail, lost, { retryLimit: 0 });
    const down = await startSmtpInbox();
    await down.close();
    vi.stubEnv("SMTP_URL", down.url);
    log.level = "silent";
    try {
      await drain();
    } finally {
      log.level = process.env.LOG_LEVEL ?? "warn";
      vi.stubEnv("SMTP_URL", smtp.url);
    }
    const moderator = await googleIdToken({
      sub: `moderator-${run}`,
      email: MODERATOR_EMAIL,
      name: "Mo",
    });
    const someone = await googleIdToken({
      sub: `someone-${run}`,
      email: `someone-${run}@example.com`,
      name: "So",
    });

    expect((await callApi(queueStatusHandler, { headers: bearer(someone) })).status).toBe(403);
    const status = await callApi(queueStatusHandler, { headers: bearer(moderator) });
    expect(status.status).toBe(200);
    const failed = (status.body as { failed: { id: string; to: string; error: string }[] }).failed;
    const entry = failed.find((job) => job.to === lost.to)!;
    expect(entry.error).toMatch(/ECONNREFUSED|connect/i);

    const retryAs = (token: string, id: string) =>
      callApi(retryHandler, { method: "POST", params: { queueJobId: id }, headers: bearer(token) });
    expect((await retryAs(someone, entry.id)).status).toBe(403);
    expect((await retryAs(moderator, "not-a-job")).status).toBe(404);
    expect((await retryAs(moderator, crypto.randomUUID())).status).toBe(404);
    expect((await retryAs(moderator, entry.id)).status).toBe(200);
    expect((await drain()).queues.mail).toEqual({ done: 1, failed: 0 });
    expect(recipients()).toEqual([lost.to]);
    // Sent: no longer failed, so not retried twice.
    expect((await retryAs(moderator, entry.id)).status).toBe(404);
  });
});

describe("two workers at once", () => {
  it("send each message once", async () => {
    const boss = await getQueue(handle);
    const messages = Array.from({ length: 12 }, (_, i) => message(100 + i));
    await enqueueMails(boss, messages);
    // On PostgreSQL the second worker is another connection pool, as another instance would be.
    const url = handle.postgres?.connectionString;
    const other = url ? connectPostgres(url) : undefined;
    try {
      const second = other ? await getQueue(other, { retryDelaySeconds: 1 }) : boss;
      const [a, b] = await Promise.all([runOnce(handle, boss), runOnce(other ?? handle, second)]);
      expect((a.queues.mail?.done ?? 0) + (b.queues.mail?.done ?? 0)).toBe(12);
    } finally {
      await other?.close();
    }
    expect(recipients().sort()).toEqual(messages.map((m) => m.to).sort());
  });
});

describe("upkeep", () => {
  const hours = (n: number) => new Date(Date.now() + n * 60 * 60 * 1000);
  const upkeep = async (task: "listing-ending" | "listing-countries" | "clean-checkouts") =>
    TASK_HANDLERS[task]({ db: handle.db, boss: await getQueue(handle), now: new Date(), data: {} });

  it("tells an employer once that their listing ends within 3 days, with a way to renew it", async () => {
    const [employer] = await handle.db
      .insert(users)
      .values({
        firebaseUid: `ending-${run}`,
        email: `ending-${run}@studio.example`,
        emailVerified: true,
      })
      .returning();
    const company = await insertCompany(handle.db, `ending-${run}`, "Ending Studio");
    await addMember(handle.db, company.id, employer!);
    const listing = (title: string, expiresAt: Date) =>
      insertJob(handle.db, { title, companyId: company.id, submittedBy: employer!.id, expiresAt });
    const soon = await listing("Ending Editor", hours(48));
    await listing("Later Editor", hours(24 * 5));

    expect(await upkeep("listing-ending")).toEqual({ notices: 1 });
    expect(await upkeep("listing-ending")).toEqual({ notices: 0 });
    await drain();
    const [mail] = mailTo(employer!.email!);
    expect(mailTo(employer!.email!)).toHaveLength(1);
    expect(mail!.subject).toContain("Ending Editor");
    expect(mail!.html).toContain(`/listings?listing=${soon.id}`);
  });

  it("asks an employer once to name the countries of a live remote job stored without any", async () => {
    const [employer] = await handle.db
      .insert(users)
      .values({
        firebaseUid: `countries-${run}`,
        email: `countries-${run}@studio.example`,
        emailVerified: true,
      })
      .returning();
    const company = await insertCompany(handle.db, `countries-${run}`, "Countries Studio");
    await addMember(handle.db, company.id, employer!);
    const listing = (title: string, change: Partial<NewJob>) =>
      insertJob(handle.db, {
        title,
        companyId: company.id,
        submittedBy: employer!.id,
        expiresAt: hours(24 * 20),
        ...change,
      });
    // Stored open "anywhere": no country, which Google's job search cannot list.
    const anywhere = await listing("Anywhere Editor", { location: "Remote", remoteCountries: [] });
    await listing("Named Editor", { location: "Remote (Europe)", remoteCountries: ["DE"] });
    await listing("Office Editor", { region: "europe", location: "Berlin, Germany" });
    await listing("Ended Editor", { location: "Remote", remoteCountries: [], status: "expired" });

    expect(await upkeep("listing-countries")).toEqual({ notices: 1 });
    expect(await upkeep("listing-countries")).toEqual({ notices: 0 });
    await drain();
    const mails = mailTo(employer!.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Anywhere Editor");
    expect(mails[0]!.html).toContain(`/listings/${anywhere.id}/edit#where`);
  });

  it("removes listings whose checkout was abandoned 30 days ago (held drafts), and only those", async () => {
    const company = await insertCompany(handle.db, `checkout-${run}`, "Checkout Studio");
    const pending = (title: string, createdAt: Date, paymentStatus: "awaiting_payment" | "paid") =>
      insertJob(handle.db, {
        title,
        companyId: company.id,
        status: "pending",
        paymentStatus,
        createdAt,
      });
    const abandoned = await pending("Abandoned Editor", hours(-30 * 24 - 1), "awaiting_payment");
    // A draft of two days is held for its employer to finish (issue 63).
    const recent = await pending("Recent Editor", hours(-49), "awaiting_payment");
    const paid = await pending("Paid Editor", hours(-40 * 24), "paid");

    expect(await upkeep("clean-checkouts")).toEqual({ removed: 1 });
    const left = await handle.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.id, [abandoned.id, recent.id, paid.id]));
    expect(left.map((row) => row.id).sort()).toEqual([recent.id, paid.id].sort());
  });
});

describe("periodic work", () => {
  it("is queued when due, once, and run; --now makes every task due", async () => {
    await handle.db.delete(scheduledTasks);
    const first = await drain();
    // Tasks never run before are due.
    expect(first.queued.sort()).toEqual(SCHEDULED_TASKS.map((task) => task.name).sort());
    expect((await drain()).queued).toEqual([]);
    const forced = await drain({ now: true });
    expect(forced.queued.sort()).toEqual(SCHEDULED_TASKS.map((task) => task.name).sort());
    // And every run queued is run, not left waiting on its queue.
    for (const task of SCHEDULED_TASKS) {
      expect(forced.queues[task.name], task.name).toEqual({ done: 1, failed: 0 });
    }
  });

  it("sends a candidate's weekly digest with --now, with one-click unsubscribe, and not twice", async () => {
    const [candidate] = await handle.db
      .insert(users)
      .values({
        firebaseUid: `candidate-${run}`,
        email: `candidate-${run}@example.com`,
        emailVerified: true,
        fullName: "Cam",
      })
      .returning();
    await handle.db.insert(preferences).values({
      userId: candidate!.id,
      departments: ["design"],
      alertFrequency: "weekly",
    });
    const company = await insertCompany(handle.db, `alerts-${run}`, "Alert Studio");
    const fresh = await insertJob(handle.db, {
      title: "Alert Video Editor",
      companyId: company.id,
      department: "design",
      publishedAt: new Date(Date.now() - 60 * 60 * 1000),
      expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    });

    await drain({ now: true });
    const digests = mailTo(candidate!.email!);
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest!.html).toContain(`/jobs/${fresh.id}-alert-video-editor`);
    expect(rawHeader(digest!, "List-Unsubscribe")).toMatch(
      /^<https?:\/\/.+\/api\/alerts\/unsubscribe\?token=/,
    );
    expect(rawHeader(digest!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    smtp.received.length = 0;
    await drain({ now: true });
    expect(mailTo(candidate!.email!)).toHaveLength(0);
    await handle.db.delete(jobs).where(eq(jobs.id, fresh.id));
  });
});
