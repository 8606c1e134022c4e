// @vitest-environment node
import { randomBytes } from "node:crypto";
import type { GetServerSidePropsContext } from "next";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appSecret } from "@/lib/server/db/app-secrets";
import { readUnsubscribeLink } from "@/features/alerts/server/unsubscribe";
import {
  signUnsubscribeToken,
  UNSUBSCRIBE_KEY_NAME,
  unsubscribeKey,
  verifyUnsubscribeToken,
} from "@/features/alerts/server/unsubscribe-token";
import { connectPostgres } from "@/lib/server/db/client";
import { appSecrets, preferences, users } from "@/lib/server/db/schema";
import unsubscribeHandler from "@/pages/api/alerts/unsubscribe";
import { getServerSideProps } from "@/pages/unsubscribe";
import { callApi } from "@/tests/api/call";
import { createTestDatabase, setUpTestDatabase } from "@/tests/support/database";
import { insertCandidate } from "./candidates";

/*
 * An alert's unsubscribe link, without signing in: the token, the page that asks first, and the
 * API that mail clients' one-click unsubscribe and the page's button post to. A forged or
 * expired token, or one for a deleted account, gets a clear answer and changes nothing.
 */

const handle = setUpTestDatabase();
let key: Buffer;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

beforeAll(async () => {
  key = await unsubscribeKey(handle.db);
});

const frequencyOf = async (userId: number) =>
  (
    await handle.db
      .select({ frequency: preferences.alertFrequency })
      .from(preferences)
      .where(eq(preferences.userId, userId))
  )[0]?.frequency;

/** Every preferences row, to show a refused link changed nothing. */
const snapshot = () => handle.db.select().from(preferences).orderBy(preferences.userId);

/** Tokens for each way a link can be refused, the people they are about still subscribed. */
async function refusedTokens() {
  const person = await insertCandidate(handle.db);
  const gone = await insertCandidate(handle.db);
  const goneToken = signUnsubscribeToken(key, gone.id, new Date());
  await handle.db.delete(users).where(eq(users.id, gone.id));
  const valid = signUnsubscribeToken(key, person.id, new Date());
  const [, issued, signature] = valid.split(".");
  return {
    person,
    tokens: {
      "signed with another key": signUnsubscribeToken(randomBytes(32), person.id, new Date()),
      "for another person": `${gone.id}.${issued}.${signature}`,
      "with its signature changed": `${valid.slice(0, -2)}${valid.endsWith("AA") ? "BB" : "AA"}`,
      "cut short": valid.slice(0, -5),
      "not a token": "hello",
      expired: signUnsubscribeToken(key, person.id, daysAgo(61)),
      "for a deleted account": goneToken,
    },
  };
}

describe("the token", () => {
  it("names its person for 60 days and no longer", () => {
    const issued = new Date("2025-10-15T12:00:00Z");
    const token = signUnsubscribeToken(key, 42, issued);
    expect(token).toMatch(/^42\.\d+\.[\w-]{43}$/);
    expect(verifyUnsubscribeToken(key, token, new Date(issued.getTime() + 59 * DAY))).toEqual({
      ok: true,
      userId: 42,
      issuedAt: issued,
    });
    expect(verifyUnsubscribeToken(key, token, new Date(issued.getTime() + 61 * DAY))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("is refused when forged, changed or issued in the future", () => {
    const now = new Date();
    const token = signUnsubscribeToken(key, 42, now);
    const [, issued, signature] = token.split(".");
    for (const forged of [
      signUnsubscribeToken(randomBytes(32), 42, now),
      `43.${issued}.${signature}`,
      `42.${Number(issued) + 1}.${signature}`,
      `042.${issued}.${signature}`,
      `${token}x`,
      "",
      "42",
    ]) {
      expect(verifyUnsubscribeToken(key, forged, now), forged).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    const ahead = signUnsubscribeToken(key, 42, new Date(now.getTime() + DAY));
    expect(verifyUnsubscribeToken(key, ahead, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("is signed with one key per database, made once however many instances ask", async () => {
    const url = handle.postgres?.connectionString;
    const others = url ? [connectPostgres(url), connectPostgres(url)] : [];
    try {
      const keys = await Promise.all(
        [handle.db, ...others.map((other) => other.db)].map((db) => appSecret(db, "a-new-key")),
      );
      expect(keys[0]).toHaveLength(32);
      for (const other of keys) expect(other.equals(keys[0]!)).toBe(true);
      const rows = await handle.db
        .select()
        .from(appSecrets)
        .where(eq(appSecrets.name, "a-new-key"));
      expect(rows).toHaveLength(1);
      const [stored] = await handle.db
        .select()
        .from(appSecrets)
        .where(eq(appSecrets.name, UNSUBSCRIBE_KEY_NAME));
      expect(Buffer.from(stored!.value, "base64url").equals(key)).toBe(true);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });
});

describe("a database where no alert was ever signed", () => {
  it("has no key, makes none when a link is checked, and takes no token", async () => {
    const fresh = await createTestDatabase();
    try {
      const token = signUnsubscribeToken(randomBytes(32), 1, new Date());
      expect(await readUnsubscribeLink(fresh.db, token, new Date())).toEqual({ state: "invalid" });
      expect(await fresh.db.select().from(appSecrets)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});

describe("POST /api/alerts/unsubscribe", () => {
  it("turns alerts off on a mail client's one-click post: no sign-in, no origin, form-encoded", async () => {
    const person = await insertCandidate(handle.db, { preferences: { alertFrequency: "weekly" } });
    const token = signUnsubscribeToken(key, person.id, new Date());
    const answer = await callApi(unsubscribeHandler, {
      method: "POST",
      query: { token },
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "*/*" },
      raw: "List-Unsubscribe=One-Click",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ unsubscribed: true, alert_frequency: "never" });
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(await frequencyOf(person.id)).toBe("never");

    // Again: still off, still 200 (mail clients may retry).
    const again = await callApi(unsubscribeHandler, {
      method: "POST",
      query: { token },
      raw: "List-Unsubscribe=One-Click",
    });
    expect(again.status).toBe(200);
  });

  it("turns off a person who never saved preferences, so /preferences says never", async () => {
    const [person] = await handle.db
      .insert(users)
      .values({
        firebaseUid: `no-prefs-${Date.now()}`,
        email: "new@example.com",
        emailVerified: true,
      })
      .returning();
    const token = signUnsubscribeToken(key, person!.id, new Date());
    const answer = await callApi(unsubscribeHandler, { method: "POST", query: { token } });
    expect(answer.status).toBe(200);
    expect(await frequencyOf(person!.id)).toBe("never");
  });

  it("sends a browser's form post back to the page, done", async () => {
    const person = await insertCandidate(handle.db);
    const token = signUnsubscribeToken(key, person.id, new Date());
    const answer = await callApi(unsubscribeHandler, {
      method: "POST",
      query: { token },
      headers: {
        accept: "text/html,application/xhtml+xml,*/*;q=0.8",
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}&done=1`);
    expect(await frequencyOf(person.id)).toBe("never");
  });

  it("refuses every bad token in JSON and changes nothing", async () => {
    const { person, tokens } = await refusedTokens();
    const before = await snapshot();
    const expected: Record<keyof typeof tokens, [number, RegExp]> = {
      "signed with another key": [400, /not valid/],
      "for another person": [400, /not valid/],
      "with its signature changed": [400, /not valid/],
      "cut short": [400, /not valid/],
      "not a token": [400, /not valid/],
      expired: [400, /expired/],
      "for a deleted account": [404, /deleted/],
    };
    for (const [name, token] of Object.entries(tokens) as [keyof typeof tokens, string][]) {
      const answer = await callApi(unsubscribeHandler, {
        method: "POST",
        query: { token },
        raw: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      const [status, message] = expected[name];
      expect(answer.status, name).toBe(status);
      expect(answer.body!.error, name).toMatch(message);
      expect(answer.body!.code, name).toBe(status === 404 ? "not_found" : "malformed_request");
    }
    expect(await snapshot()).toEqual(before);
    expect(await frequencyOf(person.id)).toBe("daily");
  });

  it("sends a browser with a bad token to the page, which explains, and changes nothing", async () => {
    const { tokens } = await refusedTokens();
    const before = await snapshot();
    const answer = await callApi(unsubscribeHandler, {
      method: "POST",
      query: { token: tokens.expired },
      headers: { accept: "text/html" },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(
      `/unsubscribe?token=${encodeURIComponent(tokens.expired)}`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it("asks for the token, and takes only POST", async () => {
    const missing = await callApi(unsubscribeHandler, { method: "POST" });
    expect(missing.status).toBe(422);
    expect(missing.body!.errors).toHaveProperty("token");
    const repeated = await callApi(unsubscribeHandler, {
      method: "POST",
      query: { token: ["a", "b"] },
    });
    expect(repeated.status).toBe(422);
    const get = await callApi(unsubscribeHandler, { method: "GET", query: { token: "x" } });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
  });
});

/** The page's data function on `query`: its props, status and headers. */
async function page(query: Record<string, string>) {
  const headers: Record<string, string> = {};
  const res = {
    statusCode: 200,
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
  };
  const result = await getServerSideProps({
    query,
    res,
    req: { headers: {} },
    resolvedUrl: "/unsubscribe",
  } as unknown as GetServerSidePropsContext);
  return { props: "props" in result ? result.props : undefined, status: res.statusCode, headers };
}

describe("the /unsubscribe page", () => {
  it("asks before it changes anything, naming the address it is for", async () => {
    const person = await insertCandidate(handle.db, { email: "ada.lovelace@example.com" });
    const token = signUnsubscribeToken(key, person.id, new Date());
    const answer = await page({ token });
    expect(answer.status).toBe(200);
    expect(answer.props).toEqual({ state: "confirm", token, email: "a…@example.com" });
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(await frequencyOf(person.id)).toBe("daily");
  });

  it("says it is done once the API has turned alerts off, and off on a later visit", async () => {
    const person = await insertCandidate(handle.db);
    const token = signUnsubscribeToken(key, person.id, new Date());
    // done=1 alone proves nothing: the page says what the database says.
    expect((await page({ token, done: "1" })).props).toMatchObject({ state: "confirm" });
    await callApi(unsubscribeHandler, { method: "POST", query: { token } });
    expect((await page({ token, done: "1" })).props).toEqual({ state: "off", justNow: true });
    expect((await page({ token })).props).toEqual({ state: "off", justNow: false });
  });

  it("explains a bad link with a 4xx page and changes nothing", async () => {
    const { tokens } = await refusedTokens();
    const before = await snapshot();
    const expected: Record<keyof typeof tokens, [number, string]> = {
      "signed with another key": [400, "invalid"],
      "for another person": [400, "invalid"],
      "with its signature changed": [400, "invalid"],
      "cut short": [400, "invalid"],
      "not a token": [400, "invalid"],
      expired: [410, "expired"],
      "for a deleted account": [404, "deleted"],
    };
    for (const [name, token] of Object.entries(tokens) as [keyof typeof tokens, string][]) {
      const answer = await page({ token });
      expect([answer.status, answer.props], name).toEqual([
        expected[name][0],
        { state: expected[name][1] },
      ]);
      expect(answer.headers["cache-control"], name).toBe("private, no-store");
    }
    expect(await page({})).toMatchObject({ status: 400, props: { state: "missing" } });
    expect(await snapshot()).toEqual(before);
  });
});
