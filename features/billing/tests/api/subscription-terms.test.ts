// @vitest-environment node
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CompanySubscriptionJson } from "@/features/billing/api-schemas";
import {
  changeSubscription,
  graceEnd,
  periodDays,
  SUBSCRIPTION_GRACE_DAYS,
} from "@/features/billing/server/subscriptions";
import { membershipOf } from "@/lib/server/auth/employer";
import { rowsOf } from "@/lib/server/db/client";
import {
  auditLog,
  companies,
  invoices,
  listingCredits,
  subscriptionPlans,
  users,
} from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { getQueue } from "@/lib/server/queue/queue";
import { join, person, postListing, type Person } from "@/tests/api/team-suite";
import { setUpTestDatabase } from "@/tests/support/database";
import {
  apiAs,
  latestSubscriptionOf,
  runSubscriptionPeriods,
  subscriptionInvoicesOf,
} from "./subscription-support";

/*
 * A subscription on invoice's terms (issue 63): a period invoice unpaid past its due date makes
 * it past_due (the owner and admins told once, reminded once), and SUBSCRIPTION_GRACE_DAYS after
 * the due date it ends (no next period, no more credits), unless a moderator records it paid
 * first; the task run twice, or twice at once, does each once. Monthly ↔ yearly: the period ends
 * now with a credit note for its unused days, exactly, and a new one starts on the new plan.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `moderator-${run}@creatorjobs.example`;
const DAY = 24 * 60 * 60 * 1000;

let owner: Person;
let admin: Person;
let recruiter: Person;
let payer: Person;
let switcher: Person;
let rival: Person;
let moderator: Person;
let companyId: number;
let payerCompanyId: number;
let switcherCompanyId: number;

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  const made = await Promise.all(
    ["owner", "admin", "recruiter", "payer", "switcher", "rival", "moderator"].map((name) =>
      person(
        handle.db,
        `st-${name}-${run}`,
        name === "moderator" ? MODERATOR : `${name}-${run}@sub-terms.example`,
        name,
      ),
    ),
  );
  [owner, admin, recruiter, payer, switcher, rival, moderator] = made as Person[] as [
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
  ];
  ({ companyId } = await postListing(handle.db, owner, `Unpaid Studio ${run}`));
  ({ companyId: payerCompanyId } = await postListing(handle.db, payer, `Payer Studio ${run}`));
  ({ companyId: switcherCompanyId } = await postListing(handle.db, switcher, `Switch ${run}`));
  await postListing(handle.db, rival, `Rival Terms ${run}`);
  await join(handle.db, companyId, admin, "admin");
  await join(handle.db, switcherCompanyId, recruiter, "recruiter");
  await handle.db
    .update(companies)
    .set({ invoiceTermsDays: 14, creditLimitMinor: 10_000_000 })
    .where(inArray(companies.id, [companyId, payerCompanyId, switcherCompanyId]));
  await getQueue(handle);
}, 120_000);

afterAll(() => vi.unstubAllEnvs());

const api = apiAs;

const periods = (now: Date) => runSubscriptionPeriods(handle, now);

const rowOf = (company: number) => latestSubscriptionOf(handle.db, company);

async function pastDueMail(to: string) {
  return rowsOf<{ data: MailMessage }>(
    await handle.db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${to} and data->>'template' = 'subscription-past-due' order by created_on`,
    ),
  ).map((row) => row.data as Extract<MailMessage, { template: "subscription-past-due" }>);
}

const systemAudit = (subjectId: number, action: string) =>
  handle.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectId, subjectId),
        eq(auditLog.subjectType, "subscription"),
        eq(auditLog.action, action),
      ),
    );

async function subscribe(who: Person, plan = "sponsored-monthly") {
  const started = await api("/api/company/subscription", who, { method: "POST", body: { plan } });
  expect(started.status).toBe(200);
  return started.body as { subscription: CompanySubscriptionJson; invoice: { id: number } };
}

describe("a period left unpaid", () => {
  it("makes the subscription past due, tells the owner and admins once, and ends it after the grace", async () => {
    const { invoice } = await subscribe(owner);
    const [first] = await subscriptionInvoicesOf(handle.db, companyId);
    expect(first!.id).toBe(invoice.id);
    const due = first!.dueAt!;
    const row = await rowOf(companyId);
    // Due, not yet past due: nothing happens.
    expect(await periods(new Date(due.getTime() - 60_000))).toMatchObject({ past_due: 0 });
    expect((await rowOf(companyId)).status).toBe("active");

    // Past due: twice at once, then again — one of each.
    const after = new Date(due.getTime() + 60_000);
    const [a, b] = await Promise.all([periods(after), periods(after)]);
    expect(Number(a.past_due) + Number(b.past_due)).toBe(1);
    expect(await periods(after)).toMatchObject({ past_due: 0, reminded: 0, ended_unpaid: 0 });
    expect(await rowOf(companyId)).toMatchObject({
      status: "past_due",
      pastDueInvoiceId: first!.id,
    });
    for (const who of [owner, admin]) {
      const mail = await pastDueMail(who.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.props).toMatchObject({
        stage: "past_due",
        invoiceNumber: first!.number,
        endsAt: graceEnd(due).toISOString(),
      });
    }
    const read = await api("/api/company/subscription", owner);
    expect(read.body).toMatchObject({
      subscription: {
        status: "past_due",
        past_due: {
          invoice_id: first!.id,
          invoice_number: first!.number,
          amount_minor: first!.totalMinor,
          due_at: due.toISOString(),
          ends_at: new Date(due.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY).toISOString(),
        },
      },
    });
    // A change waits for the payment.
    const change = await api("/api/company/subscription", owner, {
      method: "PUT",
      body: { plan: "sponsored-yearly" },
    });
    expect(change.status).toBe(409);

    // A week before the end, one reminder.
    const week = new Date(graceEnd(due).getTime() - 7 * DAY + 60_000);
    await periods(week);
    expect(await periods(week)).toMatchObject({ reminded: 0 });
    expect((await pastDueMail(owner.email)).map((m) => m.props.stage)).toEqual([
      "past_due",
      "reminder",
    ]);

    // The grace is over: it ends, once, by the system.
    const end = new Date(graceEnd(due).getTime() + 60_000);
    const [x, y] = await Promise.all([periods(end), periods(end)]);
    expect(Number(x.ended_unpaid) + Number(y.ended_unpaid)).toBe(1);
    expect(await rowOf(companyId)).toMatchObject({ status: "canceled" });
    expect((await pastDueMail(admin.email)).map((m) => m.props.stage)).toEqual([
      "past_due",
      "reminder",
      "ended",
    ]);
    for (const action of ["subscription.past_due", "subscription.end"]) {
      const audit = await systemAudit(row.id, action);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ role: "system", actorId: null });
    }
    // No next period: no invoice, no credits, however late the task runs; the invoice is owed.
    const credits = await handle.db
      .select()
      .from(listingCredits)
      .where(eq(listingCredits.companyId, companyId));
    await periods(new Date(row.currentPeriodEnd.getTime() + 40 * DAY));
    expect(await subscriptionInvoicesOf(handle.db, companyId)).toHaveLength(1);
    expect(
      await handle.db.select().from(listingCredits).where(eq(listingCredits.companyId, companyId)),
    ).toHaveLength(credits.length);
    const [owed] = await handle.db.select().from(invoices).where(eq(invoices.id, first!.id));
    expect(owed!.paidAt).toBeNull();
  });

  it("is active again when a moderator records the invoice paid before the end", async () => {
    await subscribe(payer);
    const [first] = await subscriptionInvoicesOf(handle.db, payerCompanyId);
    const row = await rowOf(payerCompanyId);
    await periods(new Date(first!.dueAt!.getTime() + 60_000));
    expect((await rowOf(payerCompanyId)).status).toBe("past_due");
    const paid = await api(
      "/api/moderation/invoices/{invoiceId}/paid",
      moderator,
      { method: "POST" },
      { invoiceId: first!.id },
    );
    expect(paid.status).toBe(200);
    expect(await rowOf(payerCompanyId)).toMatchObject({ status: "active", pastDueInvoiceId: null });
    expect(await systemAudit(row.id, "subscription.resume")).toHaveLength(1);
    // Past the grace it goes on: the next period is invoiced when this one ends.
    const later = new Date(row.currentPeriodEnd.getTime() + 60_000);
    expect(await periods(later)).toMatchObject({ ended_unpaid: 0, invoiced: 1 });
    expect((await rowOf(payerCompanyId)).status).toBe("active");
    expect(await pastDueMail(payer.email)).toHaveLength(1);
  });
});

describe("a change between monthly and yearly on invoice", () => {
  const employer = async (who: Person) => {
    const [user] = await handle.db.select().from(users).where(eq(users.id, who.userId));
    return { user: user!, member: (await membershipOf(handle.db, who.userId))! };
  };
  const notByCard = () => Promise.reject(new Error("not by card"));
  const half = (value: number, part: number, whole: number) =>
    Math.sign(value) * Math.floor((Math.abs(value) * part * 2 + whole) / (2 * whole));

  it("refuses it to a recruiter and to another company, and while the period is unpaid", async () => {
    await subscribe(switcher);
    const byRecruiter = await api("/api/company/subscription", recruiter, {
      method: "PUT",
      body: { plan: "sponsored-yearly" },
    });
    expect(byRecruiter.status).toBe(403);
    const byRival = await api("/api/company/subscription", rival, {
      method: "PUT",
      body: { plan: "sponsored-yearly" },
    });
    expect(byRival.status).toBe(404);
    const unpaid = await api("/api/company/subscription", switcher, {
      method: "PUT",
      body: { plan: "sponsored-yearly" },
    });
    expect(unpaid.status).toBe(409);
    expect((await rowOf(switcherCompanyId)).plan).toBe("sponsored-monthly");
  });

  it("credits the unused days of a month exactly and starts a year now", async () => {
    const [yearly] = await handle.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.slug, "sponsored-yearly"));
    const row = await rowOf(switcherCompanyId);
    const [month] = await subscriptionInvoicesOf(handle.db, switcherCompanyId);
    await handle.db
      .update(invoices)
      .set({ paidAt: row.currentPeriodStart })
      .where(eq(invoices.id, month!.id));
    const now = new Date(row.currentPeriodStart.getTime() + 10 * DAY + 3_600_000);
    const { days } = periodDays(
      row.currentPeriodStart,
      row.currentPeriodEnd,
      row.currentPeriodStart,
    );
    const { left } = periodDays(row.currentPeriodStart, row.currentPeriodEnd, now);
    const changed = await changeSubscription(
      handle.db,
      await employer(switcher),
      "sponsored-yearly",
      notByCard,
      now,
    );
    const net = -half(month!.subtotalMinor, left, days);
    const tax = -half(month!.taxMinor, left, days) || 0;
    expect(changed.credit_notes).toHaveLength(1);
    expect(changed.credit_notes![0]).toMatchObject({
      kind: "credit_note",
      subtotal_minor: net,
      tax_minor: tax,
      total_minor: net + tax,
    });
    expect(changed.invoice).toMatchObject({ subtotal_minor: yearly!.priceMinor });
    expect(changed.due_now_minor).toBe(changed.invoice!.total_minor + net + tax);
    expect(changed.subscription).toMatchObject({
      status: "active",
      plan: { id: "sponsored-yearly" },
      current_period_start: now.toISOString(),
      period_credits: { given: yearly!.listings, left: yearly!.listings },
    });
    // The month's unspent credits ended with it.
    const monthCredits = await handle.db
      .select()
      .from(listingCredits)
      .where(eq(listingCredits.invoiceId, month!.id));
    expect(monthCredits.every((credit) => credit.expiresAt?.getTime() === now.getTime())).toBe(
      true,
    );
    const [credited] = await handle.db.select().from(invoices).where(eq(invoices.id, month!.id));
    expect(credited!.creditedMinor).toBe(-(net + tax));
  });

  it("credits the unused days of a year exactly and starts a month now", async () => {
    const row = await rowOf(switcherCompanyId);
    const year = (await subscriptionInvoicesOf(handle.db, switcherCompanyId)).at(-1)!;
    await handle.db
      .update(invoices)
      .set({ paidAt: row.currentPeriodStart })
      .where(eq(invoices.id, year.id));
    const now = new Date(row.currentPeriodStart.getTime() + 100 * DAY);
    const { days } = periodDays(
      row.currentPeriodStart,
      row.currentPeriodEnd,
      row.currentPeriodStart,
    );
    const { left } = periodDays(row.currentPeriodStart, row.currentPeriodEnd, now);
    expect(days).toBeGreaterThanOrEqual(365);
    const changed = await changeSubscription(
      handle.db,
      await employer(switcher),
      "sponsored-monthly",
      notByCard,
      now,
    );
    const net = -half(year.subtotalMinor, left, days);
    const tax = -half(year.taxMinor, left, days) || 0;
    expect(changed.credit_notes![0]).toMatchObject({ subtotal_minor: net, total_minor: net + tax });
    expect(changed.invoice).toMatchObject({ subtotal_minor: 49_900 });
    // More credited than the month costs: the company is owed the difference.
    expect(changed.due_now_minor).toBe(changed.invoice!.total_minor + net + tax);
    expect(changed.due_now_minor).toBeLessThan(0);
    const after = await rowOf(switcherCompanyId);
    expect(after).toMatchObject({ plan: "sponsored-monthly", billingAnchor: now });
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "subscription.change"), eq(auditLog.subjectId, row.id)));
    expect(audit.at(-1)).toMatchObject({ actorId: switcher.userId });
    expect(audit.at(-1)!.detail).toMatchObject({
      before: "sponsored-yearly",
      after: "sponsored-monthly",
    });
  });
});
