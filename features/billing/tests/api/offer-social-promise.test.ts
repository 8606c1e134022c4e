// @vitest-environment node
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingPlans, socialChannels, socialSettings } from "@/lib/server/db/schema";
import { readOffer } from "@/features/billing/server/offer";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * /pricing promises only what the board does (issue 66): Featured's "post on our social
 * channels" names the channels connected, and is left out while none is.
 */

const handle = setUpTestDatabase();

const featured = async () =>
  (await readOffer(handle.db)).plans.find((plan) => plan.id === "featured")!;

describe("the offer's social promise", () => {
  it("leaves the promise out while no channel is connected", async () => {
    const plan = await featured();
    expect(plan.includes.join("\n")).not.toMatch(/social/i);
    expect(plan.summary).toBe("Sponsored for twice as long.");
    const offer = await readOffer(handle.db);
    expect(offer.comparison.map((row) => row.feature)).not.toContain("Social media post");
  });

  it("names the channels connected, for the plans whose listings are posted", async () => {
    await handle.db.insert(socialChannels).values([
      { channel: "linkedin", secret: "v1.x" },
      { channel: "discord", secret: "v1.x" },
      { channel: "bluesky", secret: "v1.x" },
    ]);
    const plan = await featured();
    expect(plan.includes).toContain("A post on our Discord, Bluesky and LinkedIn");
    expect(plan.summary).toBe(
      "Sponsored for twice as long, and promoted on our Discord, Bluesky and LinkedIn.",
    );
    const offer = await readOffer(handle.db);
    expect(offer.comparison.find((row) => /Discord/.test(row.feature))).toEqual({
      feature: "Discord, Bluesky and LinkedIn post",
      plans: ["featured"],
    });
    // A plan whose listings are not posted promises nothing of it.
    await handle.db
      .update(listingPlans)
      .set({ socialPost: false })
      .where(eq(listingPlans.slug, "featured"));
    expect((await featured()).includes.join("\n")).not.toMatch(/social|Discord/i);
    await handle.db.update(socialSettings).set({ mode: "every" });
    expect((await featured()).includes).toContain("A post on our Discord, Bluesky and LinkedIn");
  });
});
