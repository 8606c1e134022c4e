// @vitest-environment node
import { describe, expect, it } from "vitest";
import { readOffer } from "@/features/billing/server/offer";
import { jobs, companies } from "@/lib/server/db/schema";
import { setUpTestDatabase } from "@/tests/support/database";
import { SEED_OFFER } from "@/tests/support/seed-offer";

const handle = setUpTestDatabase();

describe("the offer (issue 63)", () => {
  it("is seeded with what had been constants, as the component tests' fixture says", async () => {
    expect(await readOffer(handle.db)).toEqual(SEED_OFFER);
  });

  it("refuses a listing on a plan the offer does not have", async () => {
    const [company] = await handle.db
      .insert(companies)
      .values({ slug: "offer-co", name: "Offer Co" })
      .returning();
    const job = {
      slug: "editor",
      companyId: company!.id,
      title: "Editor",
      department: "design",
      region: "remote",
      type: "full-time",
      location: "Remote",
      description: "Edit.",
      applyUrl: "https://offer.example/1",
      publishedAt: new Date("2025-01-01T00:00:00Z"),
      expiresAt: new Date("2025-03-01T00:00:00Z"),
    };
    await expect(handle.db.insert(jobs).values({ ...job, plan: "platinum" })).rejects.toThrow();
    const [stored] = await handle.db
      .insert(jobs)
      .values({ ...job, slug: "editor-2", plan: "featured" })
      .returning();
    expect(stored!.plan).toBe("featured");
  });
});
