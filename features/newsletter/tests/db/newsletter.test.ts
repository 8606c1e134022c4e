// @vitest-environment node
import { and, eq, sql } from "drizzle-orm";
import type { GetServerSidePropsContext } from "next";
import { createTransport } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startReplyInbox, type ReplyInbox } from "@/features/applications/server/reply-inbox";
import { bounceAddress } from "@/features/newsletter/server/bounce-address";
import { bounceRecipients } from "@/features/newsletter/server/bounces";
import { nextSendAt } from "@/features/newsletter/server/issues";
import { runNewsletter } from "@/features/newsletter/server/send";
import { rowsOf } from "@/lib/server/db/client";
import {
  auditLog,
  boardMembers,
  jobs,
  newsletterIssues,
  newsletterSends,
  newsletterSubscribers,
} from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { getQueue } from "@/lib/server/queue/queue";
import { renderMail } from "@/lib/server/worker/mail-templates";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import confirmRoute from "@/pages/api/newsletter/confirm";
import subscribeRoute from "@/pages/api/newsletter/subscribers";
import unsubscribeRoute from "@/pages/api/newsletter/unsubscribe";
import issueRoute from "@/pages/api/moderation/newsletter/[issueId]";
import { getServerSideProps as confirmPage } from "@/pages/newsletter/confirm";
import { getServerSideProps as archiveIssuePage } from "@/pages/newsletter/[issueId]";
import { callApi } from "@/tests/api/call";
import { person, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * The board's newsletter (issue 66), on the real database and queue: subscribing without an
 * account (form or JSON, the same answer for every address, bounded confirmation mail),
 * confirming by the mailed link, the weekly issue built from the board (Sponsored first, the
 * week's listings in the editor's order, each subscriber's departments and regions), the
 * one-click unsubscribe of RFC 8058, a send that crashes between batches and resumes without
 * mailing anyone twice, and bounces and complaints coming back to the inbox.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const SITE = "https://jobs.example.com";

/** Mail queued to `to`, oldest first. */
async function mailTo(to: string, template?: string) {
  return rowsOf<{ data: MailMessage }>(
    await handle.db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${to}
          and (${template ?? null}::text is null or data->>'template' = ${template ?? null})
          order by created_on`,
    ),
  ).map((row) => row.data);
}

const formPost = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return {
    method: "POST" as const,
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    raw: body.toString(),
  };
};

const subscriberOf = async (email: string) =>
  (
    await handle.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.emailNormalized, email.toLowerCase()))
  )[0];

/** Subscribes and confirms `email` through the API, as a reader does. */
async function confirmedReader(email: string, fields: Record<string, string | string[]> = {}) {
  const answer = await callApi(subscribeRoute, formPost({ email, ...fields }));
  expect(answer.status).toBe(303);
  const [mail] = await mailTo(email, "newsletter-confirm");
  const token = (mail as Extract<MailMessage, { template: "newsletter-confirm" }>).props.token;
  const confirmed = await callApi(confirmRoute, { method: "POST", query: { token } });
  expect(confirmed.status).toBe(200);
  return (await subscriberOf(email))!;
}

let editor: Person;
let finance: Person;

beforeAll(async () => {
  vi.stubEnv("NEXT_PUBLIC_SITE_URL", SITE);
  await getQueue(handle);
  editor = await person(handle.db, `nl-editor-${run}`, `nl-editor-${run}@board.example`, "Edytor");
  finance = await person(handle.db, `nl-fin-${run}`, `nl-fin-${run}@board.example`, "Finance");
  await handle.db.insert(boardMembers).values([
    { userId: editor.userId, role: "editor" },
    { userId: finance.userId, role: "finance" },
  ]);
});

/** Every issue and send starts afresh: each test has its own weeks. */
beforeEach(async () => {
  await handle.db.delete(newsletterIssues);
  await handle.db.update(newsletterSubscribers).set({ status: "unsubscribed" });
  await handle.db.update(jobs).set({ status: "removed" });
});

describe("subscribing", () => {
  it("takes an address with no account, confirms it by its link, and says the same to everyone", async () => {
    const email = `Zoe.${run}@Reader.example`;
    const posted = await callApi(
      subscribeRoute,
      formPost({ email, departments: ["design", "engineering"], regions: "europe" }),
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe("/newsletter?subscribed=1#subscribe");
    const pending = await subscriberOf(email);
    expect(pending).toMatchObject({
      email,
      status: "pending",
      departments: ["design", "engineering"],
      regions: ["europe"],
    });
    const [confirmation] = await mailTo(email, "newsletter-confirm");
    const token = (confirmation as Extract<MailMessage, { template: "newsletter-confirm" }>).props
      .token;
    // Only the hash is kept.
    expect(pending!.confirmTokenHash).not.toContain(token.split(".")[1]);

    // Asked again (another spelling, JSON): the same answer, and no second mail within the hour.
    const again = await callApi(subscribeRoute, {
      method: "POST",
      body: { email: email.toUpperCase() },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: "check_your_mail" });
    expect(await mailTo(email, "newsletter-confirm")).toHaveLength(1);

    // The link's page asks first; it confirms nothing by itself (link scanners follow links).
    const page = await confirmPage({
      query: { token },
      res: { setHeader: () => undefined, statusCode: 200 },
    } as unknown as GetServerSidePropsContext);
    expect(page).toMatchObject({ props: { state: "confirm" } });
    expect((await subscriberOf(email))!.status).toBe("pending");

    const confirmed = await callApi(confirmRoute, {
      method: "POST",
      query: { token },
      headers: { accept: "text/html" },
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe(
      `/newsletter/confirm?token=${encodeURIComponent(token)}&done=1`,
    );
    expect((await subscriberOf(email))!.status).toBe("confirmed");

    // Confirmed: a stranger typing the address changes nothing and mails nothing.
    const stranger = await callApi(subscribeRoute, {
      method: "POST",
      body: { email, departments: ["legal"] },
    });
    expect(stranger.body).toEqual({ status: "check_your_mail" });
    expect((await subscriberOf(email))!.departments).toEqual(["design", "engineering"]);
    expect(await mailTo(email, "newsletter-confirm")).toHaveLength(1);

    // A link used again says so; one forged is refused.
    const reused = await callApi(confirmRoute, { method: "POST", query: { token } });
    expect(reused.status).toBe(200);
    for (const bad of [token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), "1.x"]) {
      const refused = await callApi(confirmRoute, { method: "POST", query: { token: bad } });
      expect(refused.status).toBe(400);
    }
  });

  it("refuses a bad address or slug with field errors, and sends a form back to its page", async () => {
    const json = await callApi(subscribeRoute, {
      method: "POST",
      body: { email: "not an address", departments: ["knitting"] },
    });
    expect(json.status).toBe(422);
    expect(Object.keys((json.body as { errors: object }).errors).sort()).toEqual([
      "departments",
      "email",
    ]);
    const form = await callApi(subscribeRoute, formPost({ email: "nope" }));
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe("/newsletter?error=email#subscribe");
    const other = await callApi(subscribeRoute, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      raw: "email=a@b.example",
    });
    expect(other.status).toBe(415);
  });

  it("mails an unconfirmed address at most once an hour, and five times in all", async () => {
    const email = `bombed-${run}@reader.example`;
    const { subscribe } = await import("@/features/newsletter/server/subscribers");
    const start = Date.parse("2026-05-01T00:00:00Z");
    for (let hour = 0; hour < 20; hour++) {
      for (const minute of [0, 10]) {
        await handle.db.transaction(async (tx) =>
          subscribe(
            tx,
            { email, departments: [], regions: [] },
            new Date(start + hour * 3_600_000 + minute * 60_000),
          ).then(async (mail) => {
            const { enqueueMails } = await import("@/lib/server/queue/queue");
            await enqueueMails(await getQueue(handle), mail, tx);
          }),
        );
      }
    }
    expect(await mailTo(email, "newsletter-confirm")).toHaveLength(5);
  });
});

describe("the weekly issue", () => {
  it("puts Sponsored listings first, then the week's in the editor's order, each reader their own", async () => {
    const now = new Date();
    const sendAt = nextSendAt(now);
    const company = await insertCompany(handle.db, `studio-${run}`, "Studio Ōkami");
    const daysBefore = (days: number) => new Date(sendAt.getTime() - days * 86_400_000);
    const after = (days: number) => new Date(sendAt.getTime() + days * 86_400_000);
    // Bought today: a Sponsored listing published now is in the coming issue.
    const sponsored = await insertJob(handle.db, {
      title: `Producer ${run}`,
      companyId: company.id,
      sponsored: true,
      plan: "sponsored",
      publishedAt: now,
      expiresAt: after(30),
    });
    const oldSponsored = await insertJob(handle.db, {
      title: `Host ${run}`,
      companyId: company.id,
      sponsored: true,
      plan: "sponsored",
      publishedAt: daysBefore(25),
      expiresAt: after(5),
    });
    const design = await insertJob(handle.db, {
      title: `Designer ${run}`,
      companyId: company.id,
      department: "design",
      region: "remote",
      publishedAt: daysBefore(3),
      expiresAt: after(30),
    });
    const engineer = await insertJob(handle.db, {
      title: `Engineer ${run}`,
      companyId: company.id,
      department: "engineering",
      region: "europe",
      location: "Berlin",
      publishedAt: daysBefore(2),
      expiresAt: after(30),
    });
    // Left out: published before the week, and one that ended.
    await insertJob(handle.db, {
      title: `Old ${run}`,
      companyId: company.id,
      publishedAt: daysBefore(9),
      expiresAt: after(30),
    });
    await insertJob(handle.db, {
      title: `Ended ${run}`,
      companyId: company.id,
      publishedAt: daysBefore(1),
      expiresAt: after(30),
      status: "filled",
    });
    const everyone = await confirmedReader(`all-${run}@reader.example`);
    const engineers = await confirmedReader(`eng-${run}@reader.example`, {
      departments: "engineering",
    });
    const pending = `pending-${run}@reader.example`;
    await callApi(subscribeRoute, formPost({ email: pending }));

    const boss = await getQueue(handle);
    const before = await TASK_HANDLERS.newsletter({ db: handle.db, boss, now, data: {} });
    expect(before).toMatchObject({ started: 0, sent: 0 });
    const [issue] = await handle.db.select().from(newsletterIssues);
    expect(issue).toMatchObject({ status: "scheduled", sendAt });

    // The editor sees it and puts the engineer first; finance may not touch it.
    const seen = await callApi(issueRoute, {
      params: { issueId: String(issue!.id) },
      headers: bearer(editor.token),
    });
    expect(seen.status).toBe(200);
    const listed = (seen.body as { listings: { job_id: number; sponsored: boolean }[] }).listings;
    expect(listed.map((entry) => [entry.job_id, entry.sponsored])).toEqual([
      [oldSponsored.id, true],
      [sponsored.id, true],
      [design.id, false],
      [engineer.id, false],
    ]);
    const forbidden = await callApi(issueRoute, {
      method: "PATCH",
      params: { issueId: String(issue!.id) },
      headers: bearer(finance.token),
      body: { intro: "Hi" },
    });
    expect(forbidden.status).toBe(403);
    const stranger = await callApi(issueRoute, {
      method: "PATCH",
      params: { issueId: String(issue!.id) },
      headers: bearer(editor.token),
      body: { order: [999_999] },
    });
    expect(stranger.status).toBe(422);
    const changed = await callApi(issueRoute, {
      method: "PATCH",
      params: { issueId: String(issue!.id) },
      headers: bearer(editor.token),
      body: {
        intro: "Witajcie z **Łodzi** <script>alert(1)</script>",
        order: [engineer.id, sponsored.id],
      },
    });
    expect(changed.status).toBe(200);
    const answer = changed.body as { intro_html: string; listings: { job_id: number }[] };
    expect(answer.intro_html).toContain("<strong>Łodzi</strong>");
    expect(answer.intro_html).not.toContain("<script");
    expect(answer.listings.map((entry) => entry.job_id)).toEqual([
      sponsored.id,
      oldSponsored.id,
      engineer.id,
      design.id,
    ]);
    const [audited] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "newsletter_issue"), eq(auditLog.subjectId, issue!.id)));
    expect(audited).toMatchObject({ action: "newsletter_issue.updated", actorId: editor.userId });

    // Its hour comes: each confirmed reader gets one mail, the pending one none.
    const sent = await TASK_HANDLERS.newsletter({
      db: handle.db,
      boss,
      now: new Date(sendAt.getTime() + 60_000),
      data: {},
    });
    expect(sent).toMatchObject({ started: 1, finished: 1 });
    expect(await mailTo(pending, "newsletter-issue")).toHaveLength(0);
    const [forAll] = (await mailTo(everyone.email, "newsletter-issue")) as Extract<
      MailMessage,
      { template: "newsletter-issue" }
    >[];
    expect(forAll!.props.sponsored.map((job) => job.id)).toEqual([sponsored.id, oldSponsored.id]);
    expect(forAll!.props.listings.map((job) => job.id)).toEqual([engineer.id, design.id]);
    const [forEngineers] = (await mailTo(engineers.email, "newsletter-issue")) as Extract<
      MailMessage,
      { template: "newsletter-issue" }
    >[];
    expect(forEngineers!.props.sponsored.map((job) => job.id)).toEqual([
      sponsored.id,
      oldSponsored.id,
    ]);
    expect(forEngineers!.props.listings.map((job) => job.id)).toEqual([engineer.id]);

    // The mail as it goes: the company's name as typed, the one-click headers.
    const rendered = await renderMail(forAll!);
    expect(rendered.html).toContain("Studio Ōkami");
    expect(rendered.html).toContain("<strong>Łodzi</strong>");
    expect(rendered.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(rendered.headers["List-Unsubscribe"]).toBe(
      `<${SITE}/api/newsletter/unsubscribe?token=${encodeURIComponent(forAll!.props.unsubscribeToken)}>`,
    );
    const [done] = await handle.db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issue!.id));
    expect(done).toMatchObject({ status: "sent", recipients: 2 });
    // Once gone it cannot change, and it is in the archive.
    const late = await callApi(issueRoute, {
      method: "PATCH",
      params: { issueId: String(issue!.id) },
      headers: bearer(editor.token),
      body: { intro: "Too late" },
    });
    expect(late.status).toBe(409);
    const page = await archiveIssuePage({
      params: { issueId: String(issue!.id) },
      res: { setHeader: () => undefined, statusCode: 200 },
    } as unknown as GetServerSidePropsContext);
    expect(page).toMatchObject({ props: { issue: { subject: done!.subject } } });

    // A run again mails no one twice.
    await TASK_HANDLERS.newsletter({
      db: handle.db,
      boss,
      now: new Date(sendAt.getTime() + 120_000),
      data: {},
    });
    expect(await mailTo(everyone.email, "newsletter-issue")).toHaveLength(1);
  });

  it("unsubscribes in one click, with no session and no page, and mails them no more", async () => {
    const reader = await confirmedReader(`leaving-${run}@reader.example`);
    const company = await insertCompany(handle.db, `leave-${run}`, "Leave Co");
    const now = new Date();
    // The issue of the last send time: made then, sent now (its links signed now).
    const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
    const sendAt = nextSendAt(weekAgo);
    await insertJob(handle.db, {
      title: `Editor ${run}`,
      companyId: company.id,
      publishedAt: new Date(sendAt.getTime() - 86_400_000),
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    });
    const boss = await getQueue(handle);
    await runNewsletter(handle.db, boss, weekAgo);
    await runNewsletter(handle.db, boss, now);
    const [mail] = (await mailTo(reader.email, "newsletter-issue")) as Extract<
      MailMessage,
      { template: "newsletter-issue" }
    >[];
    const token = mail!.props.unsubscribeToken;
    // Another kind of token (an alert's, same key) is not taken for this one.
    const { signUnsubscribeToken, unsubscribeKey } =
      await import("@/features/alerts/server/unsubscribe-token");
    const alertToken = signUnsubscribeToken(await unsubscribeKey(handle.db), reader.id, now);
    const refused = await callApi(unsubscribeRoute, {
      method: "POST",
      query: { token: alertToken },
    });
    expect(refused.status).toBe(400);
    expect((await subscriberOf(reader.email))!.status).toBe("confirmed");

    const oneClick = await callApi(unsubscribeRoute, {
      method: "POST",
      query: { token },
      headers: { "content-type": "application/x-www-form-urlencoded" },
      raw: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({ unsubscribed: true });
    expect((await subscriberOf(reader.email))!.status).toBe("unsubscribed");

    await runNewsletter(handle.db, boss, new Date(nextSendAt(now).getTime() + 1000));
    expect(await mailTo(reader.email, "newsletter-issue")).toHaveLength(1);
  });

  it("resumes a send that crashed between batches, mailing everyone once", async () => {
    const readers: { email: string }[] = [];
    for (let index = 0; index < 5; index++) {
      readers.push(await confirmedReader(`crash-${index}-${run}@reader.example`));
    }
    const boss = await getQueue(handle);
    const sendAt = nextSendAt(new Date());
    const at = new Date(sendAt.getTime() + 1000);
    await runNewsletter(handle.db, boss, new Date());
    const thisWeek = eq(newsletterIssues.sendAt, sendAt);
    await expect(
      runNewsletter(handle.db, boss, at, {
        batchSize: 2,
        afterBatch: () => {
          throw new Error("The worker died");
        },
      }),
    ).rejects.toThrow("The worker died");
    const claimed = await handle.db.select().from(newsletterSends);
    expect(claimed).toHaveLength(2);
    const mailed = async () =>
      (await Promise.all(readers.map((reader) => mailTo(reader.email, "newsletter-issue")))).map(
        (list) => list.length,
      );
    expect((await mailed()).reduce((sum, count) => sum + count, 0)).toBe(2);
    const [stuck] = await handle.db.select().from(newsletterIssues).where(thisWeek);
    expect(stuck!.status).toBe("sending");

    // The next run (the job's retry, or the next tick) carries on: no one twice, no one left.
    const resumed = await runNewsletter(handle.db, boss, new Date(at.getTime() + 60_000), {
      batchSize: 2,
    });
    expect(resumed).toMatchObject({ sent: 3, finished: 1 });
    expect(await mailed()).toEqual([1, 1, 1, 1, 1]);
    const [done] = await handle.db.select().from(newsletterIssues).where(thisWeek);
    expect(done).toMatchObject({ status: "sent", recipients: 5 });
  });
});

describe("bounces and complaints", () => {
  let inbox: ReplyInbox;
  const DOMAIN = "reply.creatorjobs.example";
  beforeAll(async () => {
    vi.stubEnv("INBOUND_MAIL_DOMAIN", DOMAIN);
    inbox = await startReplyInbox(handle.db, {
      port: 0,
      host: "127.0.0.1",
      kinds: [bounceRecipients],
    });
  });
  afterAll(async () => {
    await inbox.close();
    vi.unstubAllEnvs();
  });

  const transport = () =>
    createTransport({ host: "127.0.0.1", port: inbox.port, secure: false, ignoreTLS: true });

  /** A delivery status notification (RFC 3464) for `recipient`, with `status`. */
  const dsn = (recipient: string, action: string, status: string) =>
    [
      "From: Mail Delivery System <MAILER-DAEMON@mx.reader.example>",
      "To: bounces",
      "Subject: Undelivered Mail Returned to Sender",
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
      "",
      "--B",
      "Content-Type: text/plain",
      "",
      "Your message could not be delivered.",
      "--B",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.reader.example",
      "",
      `Final-Recipient: rfc822; ${recipient}`,
      `Action: ${action}`,
      `Status: ${status}`,
      "Diagnostic-Code: smtp; 550 5.1.1 User unknown",
      "",
      "--B--",
      "",
    ].join("\r\n");

  /** An abuse report (RFC 5965 ARF). */
  const arf = () =>
    [
      "From: Feedback Loop <fbl@isp.example>",
      "To: bounces",
      "Subject: Abuse report",
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=feedback-report; boundary="F"',
      "",
      "--F",
      "Content-Type: text/plain",
      "",
      "This is an email abuse report.",
      "--F",
      "Content-Type: message/feedback-report",
      "",
      "Feedback-Type: abuse",
      "User-Agent: FBL/1.0",
      "Version: 1",
      "",
      "--F--",
      "",
    ].join("\r\n");

  const deliver = (raw: string, to: string) =>
    transport().sendMail({ raw, envelope: { from: "MAILER-DAEMON@mx.reader.example", to } });

  it("stops mail to an address that bounced for good or complained; a soft bounce changes nothing", async () => {
    const hard = await confirmedReader(`hard-${run}@reader.example`);
    const soft = await confirmedReader(`soft-${run}@reader.example`);
    const complaining = await confirmedReader(`spam-${run}@reader.example`);

    await deliver(dsn(soft.email, "delayed", "4.2.2"), (await bounceAddress(handle.db, soft.id))!);
    await deliver(dsn(hard.email, "failed", "5.1.1"), (await bounceAddress(handle.db, hard.id))!);
    await deliver(arf(), (await bounceAddress(handle.db, complaining.id))!);
    expect((await subscriberOf(soft.email))!.status).toBe("confirmed");
    expect(await subscriberOf(hard.email)).toMatchObject({
      status: "bounced",
      stopDetail: "5.1.1",
    });
    expect((await subscriberOf(complaining.email))!.status).toBe("complained");

    // An address not signed by us is refused at RCPT; nothing changes.
    await expect(
      deliver(
        dsn(soft.email, "failed", "5.1.1"),
        `bounce+${soft.id}-000000000000000000000000@${DOMAIN}`,
      ),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect((await subscriberOf(soft.email))!.status).toBe("confirmed");

    // The next issue goes to the soft-bounced reader only.
    const boss = await getQueue(handle);
    await runNewsletter(handle.db, boss, new Date());
    await runNewsletter(handle.db, boss, new Date(nextSendAt(new Date()).getTime() + 1000));
    expect(await mailTo(soft.email, "newsletter-issue")).toHaveLength(1);
    expect(await mailTo(hard.email, "newsletter-issue")).toHaveLength(0);
    expect(await mailTo(complaining.email, "newsletter-issue")).toHaveLength(0);
    // Its envelope sender is the reader's signed bounce address.
    const [mail] = (await mailTo(soft.email, "newsletter-issue")) as Extract<
      MailMessage,
      { template: "newsletter-issue" }
    >[];
    expect(mail!.props.bounceAddress).toBe(await bounceAddress(handle.db, soft.id));

    // List-Unsubscribe's mailto: a message to it unsubscribes, and the header names it.
    const mailto = (await bounceAddress(handle.db, soft.id, "unsubscribe"))!;
    expect(mail!.props.unsubscribeAddress).toBe(mailto);
    expect((await renderMail(mail!)).headers["List-Unsubscribe"]).toContain(`<mailto:${mailto}>`);
    // Another subscriber's signature does not pass for this one.
    const forged = mailto.replace(`+${soft.id}-`, `+${hard.id}-`);
    await expect(deliver(arf(), forged)).rejects.toMatchObject({ responseCode: 550 });
    await transport().sendMail({
      from: soft.email,
      to: mailto,
      subject: "unsubscribe",
      text: "unsubscribe",
      envelope: { from: soft.email, to: mailto },
    });
    expect((await subscriberOf(soft.email))!.status).toBe("unsubscribed");
  });
});
