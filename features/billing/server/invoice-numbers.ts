import { sql } from "drizzle-orm";
import { formatInvoiceNumber, type InvoiceKind } from "@/features/billing/invoice-number";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { invoiceCounters } from "@/lib/server/db/schema";

/*
 * Gap-free invoice numbers (issue 45). A PostgreSQL sequence would skip the numbers of rolled-back
 * transactions; an accountant's series may not. So each kind and year has a counter row, and a
 * number is taken by one upsert in the transaction that stores the document: the update locks
 * the row, so concurrent payments take their numbers one after another, and a transaction that
 * rolls back gives its number back with everything else it did.
 */

export type InvoiceNumber = { year: number; sequence: number; number: string };

/**
 * The next number of `kind`'s series for the year of `issuedAt` (UTC). Call it with the
 * transaction that stores the document, never outside one.
 */
export async function nextInvoiceNumber(
  tx: Database,
  kind: InvoiceKind,
  issuedAt: Date,
): Promise<InvoiceNumber> {
  const year = issuedAt.getUTCFullYear();
  const [row] = rowsOf<{ last: number }>(
    await tx.execute(sql`
      insert into ${invoiceCounters} (kind, year, last) values (${kind}, ${year}, 1)
      on conflict (kind, year) do update set last = ${invoiceCounters}.last + 1
      returning last`),
  );
  const sequence = Number(row!.last);
  return { year, sequence, number: formatInvoiceNumber(kind, year, sequence) };
}
