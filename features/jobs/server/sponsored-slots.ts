import { and, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { rotationOf, slotCount } from "@/features/jobs/ranking";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { companies, jobs } from "@/lib/server/db/schema";
import { summaryColumns, type SummaryRow } from "./jobs";

/*
 * The sponsored slots of a list (features/jobs/ranking.ts): which sponsored listings meeting a list's
 * conditions head its first page this hour, and the condition that leaves them out of the rest.
 */

/** A list's slotted listings this rotation: their ids in slot order. */
export type Slots = { ids: number[] };

export const NO_SLOTS: Slots = { ids: [] };

/**
 * The ids of the sponsored listings meeting `where` that fill a list's slots at `now`, in slot
 * order: the matching sponsored listings are numbered by id, and rotation r takes them from
 * r·slots on, wrapping round (slotIndexes). One statement, reading only sponsored listings
 * (their own partial index, jobs_open_sponsored_idx): some milliseconds for 2,000 of them.
 */
export async function findSlots(
  db: Database,
  where: SQL | undefined,
  perPage: number,
  now: Date,
): Promise<Slots> {
  const slots = slotCount(perPage);
  if (slots === 0) return NO_SLOTS;
  const shift = rotationOf(now) * slots;
  const result = await db.execute(sql`
    with matching as (
      select ${jobs.id} as id,
        (row_number() over (order by ${jobs.id}))::int - 1 as n,
        (count(*) over ())::int as total
      from ${jobs}
      where ${and(eq(jobs.sponsored, true), where)}
    ), placed as (
      select id, ((n - ${shift}::bigint % total) % total + total) % total as place
      from matching
    )
    select id from placed where place < ${slots} order by place`);
  return { ids: rowsOf<{ id: number }>(result).map((row) => Number(row.id)) };
}

/**
 * The condition that leaves the slotted listings out of the rest of the list (`id`: the column
 * that names the job, jobs.id unless told).
 */
export const notSlotted = (slots: Slots, id: AnyPgColumn = jobs.id): SQL | undefined =>
  slots.ids.length > 0 ? notInArray(id, slots.ids) : undefined;

/** The slotted listings as summary rows, in slot order. */
export async function slotRows(db: Database, slots: Slots): Promise<SummaryRow[]> {
  if (slots.ids.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(inArray(jobs.id, slots.ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return slots.ids.flatMap((id) => byId.get(id) ?? []);
}
