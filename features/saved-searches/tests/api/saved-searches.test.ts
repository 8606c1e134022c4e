// @vitest-environment node
import type { NextApiHandler } from "next";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import currentUserHandler from "@/pages/api/current_user";
import savedSearchHandler from "@/pages/api/saved_searches/[savedSearchId]";
import savedSearchesHandler from "@/pages/api/saved_searches/index";
import { savedSearches, users } from "@/lib/server/db/schema";
import { parseJobFilters } from "@/features/jobs/filter-schemas";
import { MAX_KEYWORD_LENGTH } from "@/features/jobs/filters";
import { MAX_SAVED_SEARCHES } from "@/features/saved-searches/constants";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * Saved searches (issue 29) through their API: saved with the job list's own filters, one per
 * search (saving again changes the frequency), at most MAX_SAVED_SEARCHES, listed with a label
 * and the results' address, changed and deleted; another person's ids are 404 and change
 * nothing; the account's deletion takes them.
 */

const handle = setUpTestDatabase();
let ada: string;
let grace: string;
let lin: string;
const run = Math.random().toString(36).slice(2, 8);

/** Every saved search, to show a refused request changed nothing. */
const snapshot = () => handle.db.select().from(savedSearches).orderBy(savedSearches.id);

const save = (token: string, body: unknown) =>
  callApi(savedSearchesHandler, { method: "POST", headers: bearer(token), body });
const list = async (token: string) =>
  (await callApi(savedSearchesHandler, { headers: bearer(token) })).body!.saved_searches as {
    id: number;
    label: string;
    alert_frequency: string;
  }[];

beforeAll(async () => {
  const token = (name: string) =>
    googleIdToken({ sub: `${name}-${run}`, email: `${name}-${run}@example.com`, name });
  [ada, grace, lin] = await Promise.all([token("ada"), token("grace"), token("lin")]);
});

const endpoints: [string, NextApiHandler, "GET" | "POST" | "PATCH" | "DELETE", object][] = [
  ["GET /api/saved_searches", savedSearchesHandler, "GET", {}],
  ["POST /api/saved_searches", savedSearchesHandler, "POST", {}],
  ["PATCH /api/saved_searches/:id", savedSearchHandler, "PATCH", { savedSearchId: "1" }],
  ["DELETE /api/saved_searches/:id", savedSearchHandler, "DELETE", { savedSearchId: "1" }],
];

describe("every saved-search endpoint", () => {
  it.each(endpoints)("%s answers 401 without a token or with a bad one", async (...args) => {
    const [, handler, method, params] = args;
    const tokenless: Record<string, string>[] = [{}, { authorization: "Bearer not-a-token" }];
    for (const headers of tokenless) {
      const before = await snapshot();
      const answer = await callApi(handler, {
        method,
        headers,
        params: params as Record<string, string>,
        body: method === "GET" ? undefined : { q: "editor", alert_frequency: "daily" },
      });
      expect(answer.status).toBe(401);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(await snapshot()).toEqual(before);
    }
  });
});

describe("saving a search", () => {
  it("saves the words and filters, and answers them with a label and the results' address", async () => {
    const answer = await save(ada, {
      q: "  video   editor ",
      department: "design",
      region: "remote",
      salary_min: 80_000,
      alert_frequency: "daily",
    });
    expect(answer.status).toBe(201);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.body).toEqual({
      saved_search: {
        id: expect.any(Number),
        q: "video editor",
        department: "design",
        region: "remote",
        type: null,
        salary_min: 80_000,
        alert_frequency: "daily",
        label: "“video editor” in Design, Remote, $80k+",
        url: "/?q=video+editor&department=design&region=remote&salary_min=80000",
        created_at: expect.any(String),
      },
    });
  });

  it("takes a filter alone, nulls as filters left out, and a salary floor as text", async () => {
    const answer = await save(ada, {
      q: null,
      department: null,
      type: "contractor",
      salary_min: "60000",
      alert_frequency: "weekly",
    });
    expect(answer.status).toBe(201);
    expect(answer.body!.saved_search).toMatchObject({
      q: null,
      type: "contractor",
      salary_min: 60_000,
      label: "Contractor, $60k+",
      url: "/?type=contractor&salary_min=60000",
    });
  });

  it("saves a search once: saving it again changes its frequency (the words in any case)", async () => {
    const before = await list(ada);
    const again = await save(ada, {
      q: "Video Editor",
      department: "design",
      region: "remote",
      salary_min: 80_000,
      alert_frequency: "never",
    });
    expect(again.status).toBe(200);
    const first = before.find((search) => search.label.startsWith("“video editor”"))!;
    expect(again.body!.saved_search).toMatchObject({
      id: first.id,
      q: "video editor",
      alert_frequency: "never",
    });
    const after = await list(ada);
    expect(after).toHaveLength(before.length);
    expect(after.find((search) => search.id === first.id)!.alert_frequency).toBe("never");
  });

  it("keeps searches that differ in one filter apart", async () => {
    const before = (await list(ada)).length;
    const answer = await save(ada, {
      q: "video editor",
      department: "design",
      region: "remote",
      alert_frequency: "daily",
    });
    expect(answer.status).toBe(201);
    expect(await list(ada)).toHaveLength(before + 1);
  });

  it.each([
    ["no filter at all", { alert_frequency: "daily" }, "body"],
    ["only blanks", { q: "  ", department: "", alert_frequency: "daily" }, "body"],
    ["an unknown department", { department: "astrology", alert_frequency: "daily" }, "department"],
    ["an unknown region", { region: "mars", alert_frequency: "daily" }, "region"],
    ["an unknown type", { type: "gig", alert_frequency: "daily" }, "type"],
    ["a negative salary floor", { salary_min: -5, alert_frequency: "daily" }, "salary_min"],
    ["a fractional salary floor", { salary_min: 1.5, alert_frequency: "daily" }, "salary_min"],
    ["a salary floor too high", { salary_min: 20_000_000, alert_frequency: "daily" }, "salary_min"],
    ["a keyword as a list", { q: ["video", "editor"], alert_frequency: "daily" }, "q"],
    ["a keyword with a NUL", { q: "video\u0000", alert_frequency: "daily" }, "q"],
    ["no frequency", { q: "editor" }, "alert_frequency"],
    ["an unknown frequency", { q: "editor", alert_frequency: "hourly" }, "alert_frequency"],
    ["paging", { q: "editor", page: 2, alert_frequency: "daily" }, "page"],
    ["an unknown field", { q: "editor", user_id: 1, alert_frequency: "daily" }, "user_id"],
    ["a body that is not an object", "editor", "body"],
  ])("answers 422 to %s, naming %s, and changes nothing", async (_, body, field) => {
    const before = await snapshot();
    const answer = await save(ada, body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: "invalid_input" });
    expect(answer.body!.errors).toHaveProperty(field);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["a keyword too long", "x".repeat(MAX_KEYWORD_LENGTH + 20)],
    ["a keyword on two lines", "video\neditor  reels"],
  ])("reads %s as the job list reads it", async (_, q) => {
    const read = parseJobFilters({ q });
    const answer = await save(grace, { q, alert_frequency: "daily" });
    if (!read.ok) {
      expect(answer.status).toBe(422);
      expect(answer.body!.errors).toHaveProperty("q");
    } else {
      expect(answer.status).toBe(201);
      expect((answer.body!.saved_search as { q: string }).q).toBe(read.data.q);
      await callApi(savedSearchHandler, {
        method: "DELETE",
        headers: bearer(grace),
        params: { savedSearchId: String((answer.body!.saved_search as { id: number }).id) },
      });
    }
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES}: the next is a 422, but saving one again still works`, async () => {
    const kept = (await list(grace)).length;
    for (let i = kept; i < MAX_SAVED_SEARCHES; i++) {
      const answer = await save(grace, { q: `role ${i}`, alert_frequency: "weekly" });
      expect(answer.status).toBe(201);
    }
    const before = await snapshot();
    const refused = await save(grace, { q: "one too many", alert_frequency: "weekly" });
    expect(refused.status).toBe(422);
    expect((refused.body!.errors as Record<string, string[]>).body![0]).toMatch(
      /up to 20 saved searches.*Delete one on Preferences/,
    );
    expect(await snapshot()).toEqual(before);

    const again = await save(grace, { q: "ROLE 3", alert_frequency: "daily" });
    expect(again.status).toBe(200);
    expect(await list(grace)).toHaveLength(MAX_SAVED_SEARCHES);
    // Another person's count is their own.
    expect((await save(lin, { q: "one too many", alert_frequency: "weekly" })).status).toBe(201);
  });

  it("saves the same search twice at once as one", async () => {
    const body = { q: "twice at once", region: "europe", alert_frequency: "daily" };
    const answers = await Promise.all([save(lin, body), save(lin, body), save(lin, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    const found = (await list(lin)).filter((search) => search.label.startsWith("“twice"));
    expect(found).toHaveLength(1);
  });
});

describe("listing, changing and deleting", () => {
  it("lists only the caller's searches, newest first", async () => {
    const mine = await list(ada);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const ids = mine.map((search) => search.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [adaRow] = await handle.db.select().from(users).where(eq(users.fullName, "ada"));
    const rows = await snapshot();
    expect(rows.filter((row) => row.userId === adaRow!.id).map((row) => row.id)).toEqual(
      [...ids].sort((a, b) => a - b),
    );
    const graces = (await list(grace)).map((search) => search.id);
    expect(graces.filter((id) => ids.includes(id))).toEqual([]);
  });

  it("changes how often a search is mailed", async () => {
    const [search] = await list(ada);
    const answer = await callApi(savedSearchHandler, {
      method: "PATCH",
      headers: bearer(ada),
      params: { savedSearchId: String(search!.id) },
      body: { alert_frequency: "weekly" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body!.saved_search).toMatchObject({ id: search!.id, alert_frequency: "weekly" });
    expect((await list(ada))[0]!.alert_frequency).toBe("weekly");
  });

  it.each([
    ["an unknown frequency", { alert_frequency: "hourly" }, "alert_frequency"],
    ["no frequency", {}, "alert_frequency"],
    ["a filter (a search is deleted and saved anew)", { q: "x", alert_frequency: "daily" }, "q"],
  ])("answers a change with %s 422 and changes nothing", async (_, body, field) => {
    const [search] = await list(ada);
    const before = await snapshot();
    const answer = await callApi(savedSearchHandler, {
      method: "PATCH",
      headers: bearer(ada),
      params: { savedSearchId: String(search!.id) },
      body,
    });
    expect(answer.status).toBe(422);
    expect(answer.body!.errors).toHaveProperty(field);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another person's search, an unknown id or a malformed one, changing nothing", async () => {
    const [search] = await list(ada);
    for (const savedSearchId of [String(search!.id), "999999", "abc", "0", "1.5", "99999999999"]) {
      for (const [method, body] of [
        ["PATCH", { alert_frequency: "never" }],
        ["DELETE", undefined],
      ] as const) {
        const before = await snapshot();
        const answer = await callApi(savedSearchHandler, {
          method,
          headers: bearer(grace),
          params: { savedSearchId },
          body,
        });
        expect(answer.status, `${method} ${savedSearchId}`).toBe(404);
        expect(answer.body).toMatchObject({ code: "not_found" });
        expect(await snapshot()).toEqual(before);
      }
    }
  });

  it("deletes a search, once", async () => {
    const [search, ...rest] = await list(ada);
    const call = () =>
      callApi(savedSearchHandler, {
        method: "DELETE",
        headers: bearer(ada),
        params: { savedSearchId: String(search!.id) },
      });
    const answer = await call();
    expect(answer).toMatchObject({ status: 200, body: { id: search!.id, deleted: true } });
    expect(await list(ada)).toEqual(rest);
    expect((await call()).status).toBe(404);
  });

  it("goes with the account that saved it", async () => {
    const before = await snapshot();
    const [linRow] = await handle.db.select().from(users).where(eq(users.fullName, "lin"));
    expect(before.some((search) => search.userId === linRow!.id)).toBe(true);
    const deleted = await callApi(currentUserHandler, { method: "DELETE", headers: bearer(lin) });
    expect(deleted.status).toBe(200);
    expect(await snapshot()).toEqual(before.filter((search) => search.userId !== linRow!.id));
  });
});
