// @vitest-environment node
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { GetServerSidePropsContext } from "next";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import embedHandler from "@/pages/api/companies/[slug]/embed";
import { EmbedList } from "@/features/embed/components/embed-list";
import { embedPageData } from "@/features/embed/server/company-embed";
import type { EmbedPageProps } from "@/features/embed/schemas";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import { purgeMatches } from "@/lib/server/http/page-cache";
import { routes } from "@/lib/routes";
import { siteUrl } from "@/lib/server/mail/links";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { callApi } from "@/tests/api/call";

/*
 * A company's live listings for its own careers page (issue 66): the JSON the web component
 * draws and the frame's page, on a real database. Another company's jobs, and the company's own
 * pending, expired, filled and removed ones, never show.
 */

const handle = setUpTestDatabase();
const day = (n: number) => new Date(Date.now() + n * 86_400_000);
const ids: Record<string, number> = {};

beforeAll(async () => {
  const acme = await insertCompany(handle.db, "acme-studio", "Acme Studio");
  const other = await insertCompany(handle.db, "other-co", "Other Co");
  await insertCompany(handle.db, "quiet-co", "Quiet Co");
  const tokyo = await insertCompany(handle.db, "tokyo-studio", "東京スタジオ");
  const job = (title: string, companyId: number, extra: object = {}) =>
    insertJob(handle.db, { title, companyId, publishedAt: day(-3), expiresAt: day(30), ...extra });
  ids.newest = (await job("Video Editor", acme.id, { publishedAt: day(-1) })).id;
  ids.older = (
    await job("Community Lead", acme.id, {
      type: "part-time",
      location: "Berlin, Germany",
      region: "europe",
    })
  ).id;
  ids.pending = (await job("Pending Producer", acme.id, { status: "pending" })).id;
  ids.expired = (
    await job("Expired Writer", acme.id, { publishedAt: day(-60), expiresAt: day(-1) })
  ).id;
  ids.filled = (await job("Filled Designer", acme.id, { status: "filled" })).id;
  ids.removed = (await job("Removed Animator", acme.id, { status: "removed" })).id;
  ids.others = (await job("Other Co Editor", other.id)).id;
  await job("Other Co Pending", other.id, { status: "pending" });
  ids.tokyo = (await job("動画編集者", tokyo.id, { location: "東京" })).id;
});

const embed = (slug: string, query: Record<string, string | string[]> = {}) =>
  callApi(embedHandler, { params: { slug }, query });

describe("GET /api/companies/{slug}/embed", () => {
  it("lists only the company's live listings, newest first, with absolute links to the board", async () => {
    const { status, body, headers } = await embed("acme-studio");
    expect(status).toBe(200);
    const site = siteUrl();
    expect(body).toEqual({
      company: {
        slug: "acme-studio",
        name: "Acme Studio",
        url: `${site}${routes.company("acme-studio")}`,
      },
      jobs: [
        expect.objectContaining({
          id: ids.newest,
          title: "Video Editor",
          url: `${site}/jobs/${ids.newest}-video-editor`,
          location: "Remote",
          region: "remote",
          type: "full-time",
          type_label: "Full-time",
        }),
        expect.objectContaining({
          id: ids.older,
          title: "Community Lead",
          url: `${site}/jobs/${ids.older}-community-lead`,
          location: "Berlin, Germany",
          region_label: "Europe",
          type_label: "Part-time",
        }),
      ],
      total: 2,
      board: { name: "Creator Jobs", url: `${site}/` },
    });
    // Shared caches keep it; any site's script reads it; nothing about the visitor is set.
    expect(headers["cache-control"]).toMatch(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(headers["access-control-allow-origin"]).toBe("*");
    expect(headers["access-control-allow-credentials"]).toBeUndefined();
    expect(headers["set-cookie"]).toBeUndefined();
  });

  it("cuts the list at the limit and still counts them all", async () => {
    const { status, body } = await embed("acme-studio", { limit: "1" });
    expect(status).toBe(200);
    expect((body!.jobs as { id: number }[]).map((job) => job.id)).toEqual([ids.newest]);
    expect(body!.total).toBe(2);
  });

  it("answers a company with no live listing with an empty list", async () => {
    const { status, body } = await embed("quiet-co");
    expect(status).toBe(200);
    expect(body).toMatchObject({ jobs: [], total: 0, company: { name: "Quiet Co" } });
  });

  it("keeps a name in Japanese as typed", async () => {
    const { body } = await embed("tokyo-studio");
    expect(body).toMatchObject({
      company: { name: "東京スタジオ" },
      jobs: [{ id: ids.tokyo, title: "動画編集者", location: "東京" }],
    });
  });

  it.each(["no-such-company", "Acme Studio", "acme_studio", "../acme-studio"])(
    "answers 404 in JSON, readable from any site, for %j",
    async (slug) => {
      const { status, body, headers } = await embed(slug);
      expect(status).toBe(404);
      expect(body).toMatchObject({ code: "not_found" });
      expect(headers["access-control-allow-origin"]).toBe("*");
      expect(headers["cache-control"]).toBe("private, no-store");
    },
  );

  it.each([
    [{ limit: "0" }, "limit"],
    [{ limit: "51" }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ limit: ["1", "2"] }, "limit"],
    [{ theme: "dark" }, "theme"],
    [{ company: "other-co" }, "company"],
  ])("answers 422 naming the field for %j", async (query, field) => {
    const { status, body, headers } = await embed("acme-studio", query);
    expect(status).toBe(422);
    expect(Object.keys(body!.errors as object)).toEqual([field]);
    expect(headers["access-control-allow-origin"]).toBe("*");
  });

  it("answers 405 to a write", async () => {
    const { status } = await callApi(embedHandler, {
      method: "POST",
      params: { slug: "acme-studio" },
    });
    expect(status).toBe(405);
  });

  it("is purged with the company's page when one of its listings changes", () => {
    const purge = jobPagesPurge([ids.newest!]);
    expect(purgeMatches(purge, routes.companyEmbed("acme-studio"))).toBe(true);
    expect(purgeMatches(purge, "/api/companies/acme-studio/embed?limit=5")).toBe(true);
  });
});

/** A request as Next.js hands it to getServerSideProps, with a real response. */
function contextFor(slug: string, query: Record<string, string | string[]> = {}) {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  const context = {
    req,
    res,
    params: { slug },
    query: { slug, ...query },
    resolvedUrl: routes.companyEmbed(slug),
  } as unknown as GetServerSidePropsContext;
  return { context, res };
}

async function framePage(slug: string, query: Record<string, string | string[]> = {}) {
  const { context, res } = contextFor(slug, query);
  const result = await embedPageData(context, query);
  if (!("props" in result)) return { result, res, html: "" };
  const html = renderToStaticMarkup(
    EmbedList(await (result.props as Promise<EmbedPageProps> | EmbedPageProps)),
  );
  return { result, res, html };
}

describe("/embed/companies/[slug]", () => {
  it("draws the live listings, each leaving the frame for its page on the board, and credits the board", async () => {
    const { html, res } = await framePage("acme-studio");
    const site = siteUrl();
    expect(html).toContain(`href="${site}/jobs/${ids.newest}-video-editor" target="_top"`);
    expect(html).toContain(`href="${site}/jobs/${ids.older}-community-lead" target="_top"`);
    expect(html).not.toMatch(
      /Pending Producer|Expired Writer|Filled Designer|Removed Animator|Other Co/,
    );
    expect(html).toContain(`<a href="${site}/" target="_top">Jobs by Creator Jobs</a>`);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("embed-dark");
    expect(res.getHeader("cache-control")).toMatch(
      /^public, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(res.getHeader("set-cookie")).toBeUndefined();
  });

  it("takes a dark theme and a limit, and links to the rest", async () => {
    const { html } = await framePage("acme-studio", { theme: "dark", limit: "1" });
    expect(html).toContain('class="embed embed-dark"');
    expect(html).toContain("Video Editor");
    expect(html).not.toContain("Community Lead");
    expect(html).toContain(
      `href="${siteUrl()}/companies/acme-studio" target="_top">All 2 jobs at Acme Studio`,
    );
  });

  it("says when the company has nothing live", async () => {
    const { html } = await framePage("quiet-co");
    expect(html).toContain("Quiet Co has no open jobs on Creator Jobs right now.");
    expect(html).not.toContain("<ul");
  });

  it.each([
    ["no-such-company", {}],
    ["Acme Studio", {}],
    ["acme-studio", { theme: "purple" }],
    ["acme-studio", { limit: "0" }],
    ["acme-studio", { limit: "500" }],
    ["acme-studio", { theme: ["dark", "light"] }],
  ])("is not found for %j %j", async (slug, query) => {
    const { result } = await framePage(slug, query);
    expect(result).toEqual({ notFound: true });
  });
});
