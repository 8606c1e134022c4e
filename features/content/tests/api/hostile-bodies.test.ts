// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLegalVersions } from "@/features/content/server/legal-versions";
import { setBoardSettingsOverrides } from "@/lib/board-settings";
import {
  boardMembers,
  legalDocumentVersions,
  partnerOffers,
  posts as postsTable,
} from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { person, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * Hostile bodies (issue 64): `__proto__` and `constructor` keys, sent as raw JSON so the keys
 * are really on the wire (JSON.stringify of an object literal would drop `__proto__`), at the
 * posts, partner offers, legal publish, board settings and terms endpoints, at the top and inside
 * each envelope. Each answers 4xx with a JSON body (or ignores them cleanly), never 5xx, and
 * Object.prototype is left as it was.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const people = {} as Record<"owner" | "editor", Person>;

beforeAll(async () => {
  for (const role of ["owner", "editor"] as const) {
    people[role] = await person(
      handle.db,
      `${role}-h-${run}`,
      `${role}-h-${run}@board.example`,
      role,
    );
    await handle.db.insert(boardMembers).values({ userId: people[role].userId, role });
  }
  await seedLegalVersions(handle.db);
}, 60_000);

afterAll(() => setBoardSettingsOverrides(null));

const POISON = `"__proto__": {"polluted": "yes", "isAdmin": true}, "constructor": {"prototype": {"polluted": "yes"}}`;

/** A JSON object's text with the poison keys first, then `fields` (an object's JSON, braces off). */
const poisoned = (fields: Record<string, unknown>) => {
  const rest = JSON.stringify(fields).slice(1, -1);
  return `{${POISON}${rest ? `, ${rest}` : ""}}`;
};

const post = {
  slug: `hostile-${run}`,
  title: "A hostile post",
  summary: "Its body has poisoned keys.",
  body: "Hello",
  cover: null,
  cover_alt: "",
  author_id: null,
  tags: [],
};
const offer = {
  slug: `hostile-${run}`,
  partner: "Clipwise",
  title: "Three months free",
  summary: "Edit short clips faster.",
  discount: "3 months free",
  url: "https://clipwise.example/partners/board",
  code: "BOARD3",
  category: "Video",
  body: "Clipwise cuts long videos.",
  expires: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
};
const legal = { body: "The text of the new version.", summary: "What changed." };

type Case = {
  name: string;
  path: string;
  method: "POST" | "PUT";
  who: "owner" | "editor";
  params?: Record<string, string>;
  raw: string;
};

const cases: Case[] = [
  {
    name: "a new post",
    path: "/api/moderation/posts",
    method: "POST",
    who: "editor",
    raw: poisoned(post),
  },
  {
    name: "a post's changes",
    path: "/api/moderation/posts/{postId}",
    method: "PUT",
    who: "editor",
    params: { postId: "1" },
    raw: poisoned(post),
  },
  {
    name: "a post's preview",
    path: "/api/moderation/posts/preview",
    method: "POST",
    who: "editor",
    raw: poisoned({ body: "Hi" }),
  },
  {
    name: "a post's schedule",
    path: "/api/moderation/posts/{postId}/schedule",
    method: "POST",
    who: "editor",
    params: { postId: "1" },
    raw: poisoned({ publish_at: new Date(Date.now() + 3_600_000).toISOString() }),
  },
  {
    name: "a new author",
    path: "/api/moderation/post-authors",
    method: "POST",
    who: "editor",
    raw: poisoned({ name: "Ada", role: "Editor", bio: "", photo: null }),
  },
  {
    name: "a partner offer (top)",
    path: "/api/moderation/partner-offers",
    method: "POST",
    who: "editor",
    raw: poisoned({ offer }),
  },
  {
    name: "a partner offer (inside the envelope)",
    path: "/api/moderation/partner-offers",
    method: "POST",
    who: "editor",
    raw: `{"offer": ${poisoned(offer)}}`,
  },
  {
    name: "a legal version",
    path: "/api/moderation/legal/{document}/versions",
    method: "POST",
    who: "editor",
    params: { document: "privacy" },
    raw: poisoned(legal),
  },
  {
    name: "the board's settings (top)",
    path: "/api/moderation/settings",
    method: "PUT",
    who: "owner",
    raw: poisoned({ settings: { name: "Poisoned board" } }),
  },
  {
    name: "the board's settings (inside the envelope)",
    path: "/api/moderation/settings",
    method: "PUT",
    who: "owner",
    raw: `{"settings": ${poisoned({ name: "Poisoned board" })}}`,
  },
  {
    name: "a terms acceptance",
    path: "/api/current_user/terms",
    method: "POST",
    who: "editor",
    raw: poisoned({ document: "privacy", version: 1 }),
  },
  {
    name: "a terms acceptance (prototype only)",
    path: "/api/current_user/terms",
    method: "POST",
    who: "editor",
    raw: `{"__proto__": {"document": "privacy", "version": 1}}`,
  },
];

describe("bodies with __proto__ and constructor keys", () => {
  it.each(cases.map((one) => [one.name, one] as const))(
    "%s: refused with a 4xx and a JSON body, nothing polluted",
    async (_name, one) => {
      const answer = await callApi(routeFor(one.path), {
        method: one.method,
        params: one.params,
        headers: { ...bearer(people[one.who].token), "content-type": "application/json" },
        raw: one.raw,
      });
      // 422 naming the unknown keys as fields (the schemas are strict), as for any other.
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      const errors = (answer.body as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors)).toContain("__proto__");
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty("polluted");
    },
  );

  it("wrote nothing: no post, author, offer, version or settings from them", async () => {
    const [posts, offers] = await Promise.all([
      handle.db.select().from(postsTable).where(eq(postsTable.slug, post.slug)),
      handle.db.select().from(partnerOffers).where(eq(partnerOffers.slug, offer.slug)),
    ]);
    expect(posts).toEqual([]);
    expect(offers).toEqual([]);
    const versions = await handle.db
      .select()
      .from(legalDocumentVersions)
      .where(eq(legalDocumentVersions.document, "privacy"));
    expect(versions.map((version) => version.version)).toEqual([1]);
  });
});
