// @vitest-environment node
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalTimeZone } from "@/features/account/schemas";
import { preferences, users } from "@/lib/server/db/schema";
import preferencesHandler from "@/pages/api/preferences";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The candidate's time zone: the preferences form sends the browser's, the API keeps it (IANA
 * names only), and alerts go out at 8:00 there.
 */

const handle = setUpTestDatabase();
let token: string;
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  token = await googleIdToken({
    sub: `zone-${run}`,
    email: `zone-${run}@example.com`,
    name: "Zone Person",
  });
});

const storedZone = async () => {
  const [row] = await handle.db
    .select({ zone: preferences.timeZone })
    .from(preferences)
    .innerJoin(users, eq(users.id, preferences.userId))
    .where(eq(users.email, `zone-${run}@example.com`));
  return row?.zone;
};

const patch = (fields: Record<string, unknown>) =>
  callApi(preferencesHandler, {
    method: "PATCH",
    headers: bearer(token),
    body: { preferences: fields },
  });

describe("the candidate's time zone", () => {
  it("is UTC until the form sends one, then the one sent", async () => {
    expect((await patch({ alert_frequency: "daily" })).status).toBe(200);
    expect(await storedZone()).toBe("UTC");
    const answer = await patch({ alert_frequency: "weekly", time_zone: "Europe/Lisbon" });
    expect(answer.status).toBe(200);
    expect(await storedZone()).toBe("Europe/Lisbon");
    // The answer says which zone alerts follow.
    expect(answer.body!.preferences).toHaveProperty("time_zone", "Europe/Lisbon");
  });

  it("stays as it is when a save leaves it out", async () => {
    await patch({ time_zone: "Asia/Tokyo" });
    await patch({ departments: ["design"] });
    expect(await storedZone()).toBe("Asia/Tokyo");
  });

  it("takes any spelling the browser may report, kept in one canonical spelling", async () => {
    for (const zone of ["asia/kolkata", "Asia/Calcutta", "Asia/Kolkata"]) {
      expect((await patch({ time_zone: zone })).status, zone).toBe(200);
      expect(await storedZone(), zone).toBe(canonicalTimeZone("Asia/Kolkata"));
    }
    expect((await patch({ time_zone: "Etc/UTC" })).status).toBe(200);
    expect(await storedZone()).toBe("UTC");
  });

  it.each([
    ["an unknown zone", "Mars/Olympus_Mons"],
    ["an offset", "+05:30"],
    ["an empty name", ""],
    ["a number", 3],
    ["a very long name", `Europe/${"x".repeat(100)}`],
  ])("refuses %s with 422 and changes nothing", async (_, zone) => {
    await patch({ time_zone: "America/New_York" });
    const answer = await patch({ time_zone: zone, alert_frequency: "never" });
    expect(answer.status).toBe(422);
    expect(answer.body!.errors).toHaveProperty("time_zone");
    expect(await storedZone()).toBe("America/New_York");
  });
});
