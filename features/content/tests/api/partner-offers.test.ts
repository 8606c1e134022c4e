// @vitest-environment node
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { eq } from "drizzle-orm";
import type { GetServerSideProps, GetServerSidePropsContext } from "next";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { findOffer, listOffers } from "@/features/content/server/offers";
import { seedOfferFiles } from "@/features/content/server/partner-offers";
import { auditLog, boardMembers, partnerOffers } from "@/lib/server/db/schema";
import { onPurge, type Purge } from "@/lib/server/http/page-cache";
import { getServerSideProps as aboutProps } from "@/pages/about";
import { getServerSideProps as offerProps } from "@/pages/offers/[offerId]";
import { callApi } from "@/tests/api/call";
import { person, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The partner offers in the app (issue 64): seeded from content/offers into an empty table; an
 * editor lists, creates, updates and ends them (finance and a moderator 403), each audited and
 * purged; an offer leaves /about and its page says it ended once its last day is past, with no
 * deploy (the pages render on a request, cached no longer than the offer has left); hostile
 * Markdown is inert.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const people = {} as Record<"editor" | "finance" | "moderator", Person>;
const list = routeFor("/api/moderation/partner-offers");
const one = routeFor("/api/moderation/partner-offers/{slug}");
const end = routeFor("/api/moderation/partner-offers/{slug}/end");
const purges: Purge[] = [];
let stopListening: () => void;

const today = () => new Date().toISOString().slice(0, 10);

const fields = (overrides: Record<string, unknown> = {}) => ({
  partner: "Clipwise",
  title: "Three months of Clipwise Pro free",
  summary: "Edit short clips faster with three free months of Clipwise Pro.",
  discount: "3 months free",
  url: "https://clipwise.example/partners/board",
  code: "BOARD3",
  category: "Video",
  body: "Clipwise cuts long videos into **short clips**.\n\n## How to claim it\n\n1. Sign up.",
  expires: today(),
  ...overrides,
});

/** Calls a page's data function as Next.js would, answering its result and Cache-Control. */
async function props(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's data function
  data: (context: GetServerSidePropsContext<any>) => ReturnType<GetServerSideProps>,
  params: Record<string, string>,
) {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  const result = await data({
    req,
    res,
    params,
    query: params,
    resolvedUrl: "/",
  } as unknown as GetServerSidePropsContext);
  return { result, cacheControl: String(res.getHeader("cache-control") ?? "") };
}

beforeAll(async () => {
  for (const role of ["editor", "finance", "moderator"] as const) {
    people[role] = await person(
      handle.db,
      `${role}-o-${run}`,
      `${role}-o-${run}@board.example`,
      role,
    );
    await handle.db.insert(boardMembers).values({ userId: people[role].userId, role });
  }
  stopListening = onPurge((purge) => purges.push(purge));
}, 60_000);

afterAll(() => stopListening?.());
afterEach(() => vi.useRealTimers());

describe("partner offers", () => {
  it("start as content/offers' files, and the editor lists them; finance and a moderator may not", async () => {
    const files = await seedOfferFiles();
    const listed = await callApi(list, { headers: bearer(people.editor.token) });
    expect(listed.status).toBe(200);
    const offers = (listed.body as { offers: { slug: string; body: string }[] }).offers;
    expect(offers.map((offer) => offer.slug).sort()).toEqual(files.map((file) => file.slug).sort());
    expect((await listOffers()).length).toBe(files.length);
    for (const role of ["finance", "moderator"] as const) {
      expect((await callApi(list, { headers: bearer(people[role].token) })).status).toBe(403);
      const refused = await callApi(list, {
        method: "POST",
        headers: bearer(people[role].token),
        body: { offer: { ...fields(), slug: `no-${role}` } },
      });
      expect(refused.status).toBe(403);
    }
  });

  it("refuses a link that is not http(s) and a taken address, by field (422)", async () => {
    const bad = await callApi(list, {
      method: "POST",
      headers: bearer(people.editor.token),
      body: {
        offer: { ...fields({ url: "javascript:alert(1)", expires: "soon" }), slug: "bad-one" },
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(["expires", "url"]);
    const [seed] = await seedOfferFiles();
    const taken = await callApi(list, {
      method: "POST",
      headers: bearer(people.editor.token),
      body: { offer: { ...fields(), slug: seed!.slug } },
    });
    expect(taken.status).toBe(422);
    expect((taken.body as { errors: object }).errors).toHaveProperty("slug");
  });

  it("creates an offer that the pages show at once, and that leaves them after its last day", async () => {
    purges.length = 0;
    const slug = `clipwise-${run}`;
    const created = await callApi(list, {
      method: "POST",
      headers: bearer(people.editor.token),
      body: { offer: { ...fields(), slug } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ offer: { slug, live: true, ended_at: null } });
    expect(purges.some((purge) => purge.paths.includes(`/offers/${slug}`))).toBe(true);
    expect(purges.some((purge) => purge.paths.includes("/about"))).toBe(true);

    const about = await props(aboutProps, {});
    expect(JSON.stringify(about.result)).toContain(slug);
    // Kept no longer than the offer has left: it ends tonight, UTC.
    const maxAge = Number(/s-maxage=(\d+)/.exec(about.cacheControl)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(3_600);
    const page = await props(offerProps, { offerId: slug });
    expect(page.result).toMatchObject({
      props: { ended: false, offer: { id: slug, code: "BOARD3" } },
    });

    // The day after its last: no deploy, no change; it has left /about and its page says so.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${today()}T23:59:59Z`).getTime() + 2_000);
    const later = await props(aboutProps, {});
    expect(JSON.stringify(later.result)).not.toContain(slug);
    const ended = await props(offerProps, { offerId: slug });
    expect(ended.result).toMatchObject({ props: { ended: true } });
  });

  it("updates and ends an offer, audited with who; it leaves the lists at once", async () => {
    const slug = `podclip-${run}`;
    const later = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await callApi(list, {
          method: "POST",
          headers: bearer(people.editor.token),
          body: { offer: { ...fields({ expires: later }), slug } },
        })
      ).status,
    ).toBe(201);
    const updated = await callApi(one, {
      method: "PUT",
      params: { slug },
      headers: bearer(people.editor.token),
      body: { offer: fields({ expires: later, discount: "4 months free", code: "" }) },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ offer: { discount: "4 months free", code: null } });
    expect(
      (
        await callApi(end, {
          method: "POST",
          params: { slug },
          headers: bearer(people.finance.token),
        })
      ).status,
    ).toBe(403);
    const ended = await callApi(end, {
      method: "POST",
      params: { slug },
      headers: bearer(people.editor.token),
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ offer: { live: false } });
    expect(JSON.stringify((await props(aboutProps, {})).result)).not.toContain(slug);
    expect((await props(offerProps, { offerId: slug })).result).toMatchObject({
      props: { ended: true },
    });

    const [row] = await handle.db.select().from(partnerOffers).where(eq(partnerOffers.slug, slug));
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.subjectId, row!.id));
    const ours = entries.filter((entry) => entry.subjectType === "partner_offer");
    expect(ours.map((entry) => entry.action)).toEqual([
      "partner_offer.create",
      "partner_offer.update",
      "partner_offer.end",
    ]);
    expect(ours.every((entry) => entry.actorEmail === people.editor.email)).toBe(true);
    expect(ours[1]!.detail).toMatchObject({
      before: { discount: "3 months free", code: "BOARD3" },
      after: { discount: "4 months free", code: null },
    });
    const missing = await callApi(end, {
      method: "POST",
      params: { slug: "no-such-offer" },
      headers: bearer(people.editor.token),
    });
    expect(missing.status).toBe(404);
  });

  it("renders hostile Markdown inert: no script, no javascript: link, no raw HTML, no handlers", async () => {
    const slug = `hostile-${run}`;
    const body = [
      "Hello <script>alert(1)</script>",
      "[click](javascript:alert(2))",
      '<img src="x" onerror="alert(3)">',
      '<a href="https://x.example" onclick="alert(4)">raw</a>',
      "<iframe src='https://evil.example'></iframe>",
    ].join("\n\n");
    const created = await callApi(list, {
      method: "POST",
      headers: bearer(people.editor.token),
      body: { offer: { ...fields({ body }), slug } },
    });
    expect(created.status).toBe(201);
    const html = (await findOffer(slug))!.html;
    expect(html).toContain("Hello");
    for (const hostile of ["<script", "javascript:", "onerror", "onclick", "<iframe", "<img"]) {
      expect(html).not.toContain(hostile);
    }
  });
});
