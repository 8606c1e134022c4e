import { and, asc, eq } from "drizzle-orm";
import type { Database, DatabaseHandle } from "@/lib/server/db/client";
import {
  companySubscriptions,
  invoices,
  listingCredits,
  subscriptionPlans,
} from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { callApi } from "@/tests/api/call";
import { routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";

/* What the subscription tests (issue 63), on invoice and by card, share. */

/** A dearer monthly plan to change to (the seed has one monthly plan): `featured-monthly-<run>`. */
export async function addDearerMonthlyPlan(db: Database, run: string) {
  await db
    .insert(subscriptionPlans)
    .values({
      slug: `featured-monthly-${run}`,
      name: "Featured monthly",
      interval: "month",
      priceMinor: 89_900,
      listings: 5,
      plan: "sponsored",
      position: 5,
    })
    .onConflictDoNothing();
  return `featured-monthly-${run}`;
}

/** The company's subscription invoices, oldest first. */
export const subscriptionInvoicesOf = (db: Database, companyId: number) =>
  db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.purpose, "subscription")))
    .orderBy(asc(invoices.id));

/** The credits an invoice gave. */
export const creditsOfInvoice = (db: Database, invoiceId: number) =>
  db.select().from(listingCredits).where(eq(listingCredits.invoiceId, invoiceId));

type Call = { method?: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown };

/** Calls the API operation at `path` as `who`. */
export const apiAs = (
  path: string,
  who: Person,
  call: Call = {},
  params: Record<string, number> = {},
) =>
  callApi(routeFor(path), {
    method: call.method ?? "GET",
    headers: bearer(who.token),
    params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
    ...(call.body !== undefined && { body: call.body }),
  });

/** The subscription-periods task, run at `now`. */
export const runPeriods = async (handle: DatabaseHandle, now: Date) =>
  TASK_HANDLERS["subscription-periods"]({
    db: handle.db,
    boss: await getQueue(handle),
    now,
    data: {},
  });

/** The company's latest subscription row. */
export const latestSubscriptionOf = async (db: Database, company: number) =>
  (
    await db
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.companyId, company))
      .orderBy(asc(companySubscriptions.id))
  ).at(-1)!;
