import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createCoupon, type CouponInput } from "@/features/billing/server/coupons";
import type { Database, DatabaseHandle } from "@/lib/server/db/client";
import { couponRedemptions } from "@/lib/server/db/schema";

/* What the coupon tests (issue 63), of packs and of subscriptions, share. */

/**
 * Two orders at once for a coupon's last use: one is placed (200), the other refused (409), and
 * the coupon has one use. Answers which order lost (0 or 1).
 */
export async function raceForLastUse(
  db: Database,
  couponId: number,
  orders: [() => Promise<{ status: number }>, () => Promise<{ status: number }>],
) {
  const [first, second] = await Promise.all(orders.map((order) => order()));
  expect([first!.status, second!.status].sort()).toEqual([200, 409]);
  const used = await db
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  expect(used).toHaveLength(1);
  return first!.status === 409 ? 0 : 1;
}

/** Makes coupons (20% off unless said) whose codes end with the test file's `run`. */
export const couponMaker =
  (handle: DatabaseHandle, run: string) => (input: Partial<CouponInput> & { code: string }) =>
    createCoupon(handle.db, {
      kind: "percent",
      percentBp: 2000,
      ...input,
      code: `${input.code}${run}`,
    });
