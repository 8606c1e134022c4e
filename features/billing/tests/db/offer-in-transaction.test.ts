// @vitest-environment node
import { Client } from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readOffer } from "@/features/billing/server/offer";
import { runsConcurrently } from "@/lib/server/db/client";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The offer is read inside transactions (a pack's payment, an import, a reminder run). A
 * transaction is one PostgreSQL connection: a query sent before the last has answered queues on
 * it, which pg deprecates ("Calling client.query() when the client is already executing a
 * query"). Run on PostgreSQL too, where each query through pg is watched; on PGlite no pg client
 * is used and the count stays 0.
 */

const handle = setUpTestDatabase();

afterEach(() => vi.restoreAllMocks());

describe("reading the offer", () => {
  it("sends one query at a time inside a transaction, and all at once outside one", async () => {
    const query = Client.prototype.query;
    let overlapping = 0;
    const sent = vi.spyOn(Client.prototype, "query").mockImplementation(function (
      this: Client,
      ...args: unknown[]
    ) {
      const client = this as unknown as { activeQuery?: unknown };
      const queue = (this as unknown as { _queryQueue?: unknown[] })._queryQueue ?? [];
      if (client.activeQuery || queue.length > 0) overlapping += 1;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof Client.prototype.query);
    const inside = await handle.db.transaction((tx) => readOffer(tx));
    expect(overlapping).toBe(0);
    const outside = await readOffer(handle.db);
    expect(inside).toEqual(outside);
    expect(inside.plans.length).toBeGreaterThan(0);
    if (runsConcurrently(handle.db)) expect(sent).toHaveBeenCalled();
  });
});
