// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatInvoiceNumber } from "@/features/billing/invoice-number";
import { nextInvoiceNumber } from "@/features/billing/server/invoice-numbers";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * Gap-free invoice numbers (issue 45): 20 payments at once take 20 consecutive numbers, a
 * payment that fails takes none, and each kind and year has a series of its own. Runs on PGlite
 * and, in CI, on PostgreSQL, where the 20 transactions truly run at once.
 */

const handle = setUpTestDatabase();

const take = (kind: "invoice" | "credit_note", at: string) =>
  handle.db.transaction((tx) => nextInvoiceNumber(tx, kind, new Date(at)));

describe("invoice numbers", () => {
  it("prints the year and six digits, credit notes with their prefix", () => {
    expect(formatInvoiceNumber("invoice", 2026, 123)).toBe("2026-000123");
    expect(formatInvoiceNumber("credit_note", 2026, 4)).toBe("CN-2026-000004");
  });

  it("gives 20 payments at once 20 consecutive numbers, no gap and no duplicate", async () => {
    const taken = await Promise.all(
      Array.from({ length: 20 }, () => take("invoice", "2031-03-01T12:00:00Z")),
    );
    const sequences = taken.map((number) => number.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(new Set(taken.map((number) => number.number)).size).toBe(20);
    expect(taken.map((number) => number.number)).toContain("2031-000020");
  });

  it("takes no number for a payment whose transaction fails", async () => {
    const before = await take("invoice", "2032-01-01T00:00:00Z");
    await expect(
      handle.db.transaction(async (tx) => {
        await nextInvoiceNumber(tx, "invoice", new Date("2032-06-01T00:00:00Z"));
        throw new Error("the payment failed after its number was taken");
      }),
    ).rejects.toThrow("the payment failed");
    const after = await take("invoice", "2032-12-31T23:59:59Z");
    expect(after.sequence).toBe(before.sequence + 1);
  });

  it("starts each year and each kind at 1", async () => {
    expect((await take("invoice", "2033-12-31T23:59:59Z")).number).toBe("2033-000001");
    expect((await take("invoice", "2034-01-01T00:00:00Z")).number).toBe("2034-000001");
    expect((await take("credit_note", "2034-01-01T00:00:00Z")).number).toBe("CN-2034-000001");
    expect((await take("invoice", "2034-02-01T00:00:00Z")).number).toBe("2034-000002");
  });
});
