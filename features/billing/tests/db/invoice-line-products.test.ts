// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { InvoiceLine } from "@/lib/model/billing";
import { MIGRATIONS_FOLDER } from "@/lib/server/db/client";
import { invoices } from "@/lib/server/db/schema";
import { person, postListing } from "@/tests/api/team-suite";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The migration that gives the lines issued before issue 63 their product, from what their
 * invoice says: a discount its code, a pack's and an upgrade's line the invoice's item, a
 * listing's line the plan its words name, else its listing's plan; a credit note's lines as its
 * invoice's; a line that already has one is left alone, and one nothing names stays without.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);

/** The migration's statements after its index: the backfill. */
function backfill() {
  const file = readdirSync(MIGRATIONS_FOLDER).find((name) =>
    name.endsWith("_invoice_line_products.sql"),
  )!;
  const [, ...statements] = readFileSync(join(MIGRATIONS_FOLDER, file), "utf8").split(
    "--> statement-breakpoint",
  );
  return statements;
}

const line = (description: string, net: number, product?: InvoiceLine["product"]): InvoiceLine => ({
  description,
  quantity: 1,
  unit_minor: net,
  net_minor: net,
  tax_rate_bp: 0,
  tax_minor: 0,
  total_minor: net,
  currency: "usd",
  ...(product && { product }),
});

let companyId: number;
let jobId: number;
let sequence = 0;

beforeAll(async () => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  const owner = await person(handle.db, `lp-${run}`, `owner-${run}@lines.example`, "Owner");
  ({ companyId, jobId } = await postListing(handle.db, owner, `Lines Studio ${run}`));
  return () => vi.unstubAllEnvs();
}, 60_000);

const document = async (
  purpose: "listing" | "renewal" | "pack" | "upgrade",
  lines: InvoiceLine[],
  more: { item?: string | null; jobId?: number | null; creditedInvoiceId?: number } = {},
) => {
  sequence += 1;
  const kind = more.creditedInvoiceId ? "credit_note" : "invoice";
  const net = lines.reduce((sum, entry) => sum + entry.net_minor, 0);
  const party = { name: "Party", address: [], country: null, tax_id: null };
  const [row] = await handle.db
    .insert(invoices)
    .values({
      kind,
      number: `${kind}-${run}-${sequence}`,
      year: 2020,
      sequence,
      companyId,
      jobId: more.jobId ?? null,
      purpose,
      item: more.item ?? null,
      creditedInvoiceId: more.creditedInvoiceId ?? null,
      paymentMethod: "transfer",
      issuedAt: new Date("2020-05-01T00:00:00Z"),
      currency: "usd",
      subtotalMinor: net,
      taxMinor: 0,
      totalMinor: net,
      seller: party,
      buyer: party,
      lines,
    })
    .returning();
  return row!.id;
};

describe("the migration that names each invoice line's product", () => {
  it("names what the invoices say, leaves alone what has one, and guesses nothing", async () => {
    await document("listing", [line("Sponsored listing: Video Editor (30 days)", 19_900)], {
      jobId,
    });
    // Words that name no plan: the listing's plan (Standard, as posted).
    await document("renewal", [line("A renewal in older words", 0)], { jobId });
    const pack = await document(
      "pack",
      [
        line("3 Sponsored listings, valid 12 months", 49_900),
        line("Discount LAUNCH20 (20%)", -9_980),
      ],
      { item: "sponsored-3" },
    );
    await document(
      "pack",
      [
        line("3 Sponsored listings, valid 12 months", -49_900),
        line("Discount LAUNCH20 (20%)", 9_980),
      ],
      { item: "sponsored-3", creditedInvoiceId: pack },
    );
    await document("upgrade", [line("Upgrade to Featured: Video Editor", 15_000)], {
      item: "featured",
    });
    await document("pack", [line("Named already", 100, { kind: "pack", slug: "featured-3" })], {
      item: "sponsored-3",
    });
    await document("pack", [line("A pack whose item was not kept", 100)]);

    for (const statement of backfill()) await handle.db.execute(statement);
    const rows = await handle.db.select().from(invoices).orderBy(asc(invoices.id));
    expect(rows.map((row) => row.lines.map((entry) => entry.product ?? null))).toEqual([
      [{ kind: "plan", slug: "sponsored" }],
      [{ kind: "plan", slug: "standard" }],
      [
        { kind: "pack", slug: "sponsored-3" },
        { kind: "coupon", slug: "LAUNCH20" },
      ],
      [
        { kind: "pack", slug: "sponsored-3" },
        { kind: "coupon", slug: "LAUNCH20" },
      ],
      [{ kind: "upgrade", slug: "featured" }],
      [{ kind: "pack", slug: "featured-3" }],
      [null],
    ]);
    // The lines keep everything else, in their order.
    expect(rows[2]!.lines[1]).toMatchObject({
      description: "Discount LAUNCH20 (20%)",
      net_minor: -9_980,
    });
  });
});
