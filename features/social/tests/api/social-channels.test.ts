// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, boardMembers, socialChannels } from "@/lib/server/db/schema";
import channelsHandler from "@/pages/api/moderation/social/channels";
import postsHandler from "@/pages/api/moderation/social/posts";
import testHandler from "@/pages/api/moderation/social/channels/[channel]/test";
import { callApi } from "@/tests/api/call";
import { person, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import {
  STAND_IN_SECRETS as S,
  startSocialStandIn,
  type SocialStandIn,
} from "@/features/social/tests/support/social-stand-in";

/*
 * The social channels' API (issue 66) through the production pipeline: only an owner connects
 * or reads channels, a channel's secrets are never answered nor stored in the clear, bad fields
 * are 422 by field, and a test post reaches the stand-in.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
let owner: Person;
let moderator: Person;
let employer: Person;
let standIn: SocialStandIn;

beforeAll(async () => {
  standIn = await startSocialStandIn();
  for (const [name, value] of Object.entries(standIn.env)) vi.stubEnv(name, value);
  owner = await person(handle.db, `owner-${run}`, `owner-${run}@board.example`, "Owner");
  moderator = await person(handle.db, `mod-${run}`, `mod-${run}@board.example`, "Mod");
  employer = await person(handle.db, `emp-${run}`, `emp-${run}@studio.example`, "Emp");
  await handle.db.insert(boardMembers).values([
    { userId: owner.userId, role: "owner" },
    { userId: moderator.userId, role: "moderator" },
  ]);
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await standIn.close();
});

const connection = { channel: "telegram", bot_token: S.telegramToken, chat_id: "@creatorjobs" };

describe("the social channels' API", () => {
  it("lets only an owner connect, and never answers or stores the secret in the clear", async () => {
    for (const who of [moderator, employer]) {
      const refused = await callApi(channelsHandler, {
        method: "PUT",
        headers: bearer(who.token),
        body: { connection },
      });
      expect(refused.status).toBe(403);
      const read = await callApi(channelsHandler, { headers: bearer(who.token) });
      expect(read.status).toBe(403);
    }
    expect(await handle.db.select().from(socialChannels)).toEqual([]);

    const connected = await callApi(channelsHandler, {
      method: "PUT",
      headers: bearer(owner.token),
      body: { connection },
    });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({
      channels: [{ channel: "telegram", account: "@creatorjobs", connected_by: "Owner" }],
      mode: "plan",
    });
    expect(JSON.stringify(connected.body)).not.toContain(S.telegramToken.split(":")[1]);
    const [row] = await handle.db.select().from(socialChannels);
    expect(row!.secret).not.toContain(S.telegramToken.split(":")[1]);
    expect(row!.secret).toMatch(/^v1\./);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectType, "social_channel"));
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["social_channel.connect", owner.userId],
    ]);
  });

  it("answers 422 with each bad field", async () => {
    const bad = await callApi(channelsHandler, {
      method: "PUT",
      headers: bearer(owner.token),
      body: {
        connection: { channel: "discord", webhook_url: "https://evil.example/api/webhooks/1/2" },
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: Record<string, string[]> }).errors)).toEqual([
      "connection.webhook_url",
    ]);
  });

  it("sends a test post through the connected channel", async () => {
    const answer = await callApi(testHandler, {
      method: "POST",
      params: { channel: "telegram" },
      headers: bearer(owner.token),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      test: { ok: true, url: expect.stringMatching(/^https:\/\/t\.me\/creatorjobs\/\d+$/) },
    });
    expect(standIn.live("telegram")).toHaveLength(1);
  });

  it("shows moderators what went where, not an employer", async () => {
    expect((await callApi(postsHandler, { headers: bearer(moderator.token) })).status).toBe(200);
    expect((await callApi(postsHandler, { headers: bearer(employer.token) })).status).toBe(403);
  });
});
