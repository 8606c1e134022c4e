// @vitest-environment node
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { GetServerSidePropsContext } from "next";
import { HeadManagerContext } from "next/dist/shared/lib/head-manager-context.shared-runtime";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildBlogFeed } from "@/features/content/server/blog-feed";
import { slugFromTitle } from "@/lib/model/posts";
import { boardMembers } from "@/lib/server/db/schema";
import BlogPage, { getServerSideProps as blogProps } from "@/pages/blog";
import OfferPage, { getServerSideProps as offerProps } from "@/pages/offers/[offerId]";
import PostPage, { getServerSideProps as postProps } from "@/pages/posts/[postId]";
import { callApi } from "@/tests/api/call";
import { person, routeFor, type Person } from "@/tests/api/team-suite";
import { image } from "@/tests/fixtures/hostile-images";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { textLines } from "@/tests/support/pdftotext";

/*
 * Every script of the world (issue 64): posts written in Japanese, Arabic and Polish (title,
 * summary, body, tags, author's name) come out as typed on the post's page and its JSON-LD, the
 * blog's list and the RSS feed (valid XML). Addresses are ASCII: a Polish title is transliterated,
 * a Japanese or Arabic one is given an address by the editor; a rename answers 301 from the old
 * one. A partner offer in these scripts on its page; a legal version in them in its PDF.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const SITE = "https://jobs.example.com";
let editor: Person;
let cover: string;

const SCRIPTS = [
  {
    name: "Japanese",
    title: "「クリエイターの仕事」",
    summary: "動画編集者と配信者のための求人ガイド。",
    body: "## はじめに\n\nクリエイターの仕事を探す方法。",
    tags: ["仕事", "クリエイター"],
    author: "山田 花子",
    slug: `creator-jobs-ja-${run}`,
  },
  {
    name: "Arabic",
    title: "«وظائف صناع المحتوى»",
    summary: "دليل الوظائف لمحرري الفيديو وصناع المحتوى.",
    body: "## مقدمة\n\nكيف تجد وظيفة في صناعة المحتوى.",
    tags: ["وظائف", "محتوى"],
    author: "ليلى حداد",
    slug: `creator-jobs-ar-${run}`,
  },
  {
    name: "Polish",
    title: "Zażółć gęślą jaźń",
    summary: "Pchnąć w tę łódź jeża lub ośm skrzyń fig.",
    body: "## Wstęp\n\nŻółta łódź płynie po rzece.",
    tags: ["praca-zdalna", "łódź"],
    author: "Łucja Żółkiewska",
    slug: `${slugFromTitle("Zażółć gęślą jaźń")}-${run}`,
  },
] as const;

const call = async (
  path: string,
  init: {
    method?: "GET" | "POST" | "PUT";
    params?: Record<string, string>;
    body?: unknown;
    raw?: Buffer;
  },
) =>
  (await callApi(routeFor(path), {
    method: init.method ?? "GET",
    params: init.params,
    headers: { ...bearer(editor.token), ...(init.raw ? { "content-type": "image/png" } : {}) },
    ...(init.raw ? { raw: init.raw } : { body: init.body }),
  })) as unknown as { status: number; body: unknown; bytes: Buffer };

/** A page's data function called as Next.js would. */
async function props<P>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's data function
  data: (context: GetServerSidePropsContext<any>) => Promise<unknown>,
  params: Record<string, string>,
  query: Record<string, string> = {},
) {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  return (await data({ req, res, params, query, resolvedUrl: "/" } as never)) as
    { props: P } | { redirect: { destination: string; permanent: boolean } } | { notFound: true };
}

/** A page's markup, and what it puts in <head> (next/head), as the server renders them. */
function render(page: ReactElement): { body: string; head: string } {
  let head: ReactNode[] = [];
  const manager = {
    updateHead: (elements: ReactNode[]) => {
      head = elements;
    },
    mountedInstances: new Set(),
  };
  const body = renderToStaticMarkup(
    createElement(HeadManagerContext.Provider, { value: manager as never }, page),
  );
  return { body, head: renderToStaticMarkup(createElement("head", null, ...head)) };
}

/** The text an HTML string shows: entities decoded, so a title escaped is a title as typed. */
const shown = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const ids: Record<string, number> = {};

beforeAll(async () => {
  vi.stubEnv("S3_BUCKET", "");
  editor = await person(handle.db, `editor-w-${run}`, `editor-w-${run}@board.example`, "editor");
  await handle.db.insert(boardMembers).values({ userId: editor.userId, role: "editor" });
  const upload = await call("/api/moderation/post-images", {
    method: "POST",
    raw: await image(1200, 630).png().toBuffer(),
  });
  expect(upload.status).toBe(201);
  cover = (upload.body as { image: { url: string } }).image.url;
  for (const script of SCRIPTS) {
    const author = await call("/api/moderation/post-authors", {
      method: "POST",
      body: { name: script.author, role: "Editor", bio: script.summary, photo: null },
    });
    expect(author.status).toBe(201);
    const created = await call("/api/moderation/posts", {
      method: "POST",
      body: {
        slug: script.slug,
        title: script.title,
        summary: script.summary,
        body: script.body,
        cover,
        cover_alt: script.summary,
        author_id: (author.body as { author: { id: number } }).author.id,
        tags: script.tags,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { post: { id: number } }).post.id;
    ids[script.name] = id;
    const published = await call("/api/moderation/posts/{postId}/publish", {
      method: "POST",
      params: { postId: String(id) },
    });
    expect(published.status).toBe(200);
  }
}, 120_000);

describe("posts in every script", () => {
  it("suggests an ASCII address: Polish transliterated, Japanese and Arabic left to the editor", () => {
    expect(slugFromTitle("Zażółć gęślą jaźń")).toBe("zazolc-gesla-jazn");
    expect(slugFromTitle("Łódź: Straße & Øre")).toBe("lodz-strasse-ore");
    expect(slugFromTitle("「クリエイターの仕事」")).toBe("");
    expect(slugFromTitle("«وظائف صناع المحتوى»")).toBe("");
    expect(slugFromTitle("Jobs 2027 — 「仕事」")).toBe("jobs-2027");
  });

  it.each(SCRIPTS.map((script) => [script.name, script] as const))(
    "%s: the post's page and its JSON-LD as typed",
    async (_name, script) => {
      const answer = await props<Parameters<typeof PostPage>[0]>(postProps, {
        postId: script.slug,
      });
      if (!("props" in answer)) throw new Error(`No page: ${JSON.stringify(answer)}`);
      const { body, head } = render(createElement(PostPage, answer.props));
      const text = shown(body);
      for (const typed of [script.title, script.summary, script.author]) {
        expect(text).toContain(typed);
      }
      expect(text).toContain(script.body.split("\n\n")[1]);
      for (const tag of script.tags) expect(body).toContain(`?tag=${encodeURIComponent(tag)}`);
      const ld = head.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
      const data = JSON.parse(ld![1]!) as Record<string, unknown>;
      expect(data).toMatchObject({
        headline: script.title,
        description: script.summary,
        author: { name: script.author },
        keywords: script.tags.join(", "),
        mainEntityOfPage: expect.stringContaining(`/posts/${script.slug}`),
      });
      expect(shown(head)).toContain(script.title);
    },
  );

  it("lists them on the blog, by tag too", async () => {
    const answer = await props<Parameters<typeof BlogPage>[0]>(blogProps, {}, {});
    if (!("props" in answer)) throw new Error("No blog");
    const text = shown(render(createElement(BlogPage, answer.props)).body);
    for (const script of SCRIPTS) {
      expect(text).toContain(script.title);
      expect(text).toContain(script.summary);
    }
    const byTag = await props<Parameters<typeof BlogPage>[0]>(blogProps, {}, { tag: "仕事" });
    if (!("props" in byTag)) throw new Error("No tag page");
    expect(byTag.props.posts.map((post) => post.title)).toEqual([SCRIPTS[0].title]);
  });

  it("puts them in the RSS feed as typed, in valid XML", async () => {
    const xml = await buildBlogFeed(handle.db, SITE);
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser().parse(xml) as {
      rss: { channel: { item: { title: string; description: string; link: string }[] } };
    };
    const items = feed.rss.channel.item;
    for (const script of SCRIPTS) {
      const item = items.find((entry) => entry.link === `${SITE}/posts/${script.slug}`);
      expect(item).toMatchObject({ title: script.title, description: script.summary });
    }
    expect(xml).toContain(SCRIPTS[2].author);
  });

  it("answers 301 from a transliterated address after a rename", async () => {
    const polish = SCRIPTS[2];
    const renamed = `${slugFromTitle("Pchnąć w tę łódź")}-${run}`;
    const answer = await call("/api/moderation/posts/{postId}", {
      method: "PUT",
      params: { postId: String(ids.Polish) },
      body: {
        slug: renamed,
        title: polish.title,
        summary: polish.summary,
        body: polish.body,
        cover,
        cover_alt: polish.summary,
        author_id: null,
        tags: polish.tags,
      },
    });
    // A published post keeps its author: 422, then sent with it.
    expect(answer.status).toBe(422);
    const editorPost = (
      await call("/api/moderation/posts/{postId}", { params: { postId: String(ids.Polish) } })
    ).body as { post: { author_id: number } };
    const renamedAnswer = await call("/api/moderation/posts/{postId}", {
      method: "PUT",
      params: { postId: String(ids.Polish) },
      body: {
        slug: renamed,
        title: polish.title,
        summary: polish.summary,
        body: polish.body,
        cover,
        cover_alt: polish.summary,
        author_id: editorPost.post.author_id,
        tags: polish.tags,
      },
    });
    expect(renamedAnswer.status).toBe(200);
    expect(renamed).toMatch(/^pchnac-w-te-lodz-/);
    expect(await props(postProps, { postId: polish.slug })).toEqual({
      redirect: { destination: `/posts/${renamed}`, permanent: true },
    });
    expect(await props(postProps, { postId: renamed })).toHaveProperty(
      "props.post.title",
      polish.title,
    );
  });
});

describe("a partner offer in every script", () => {
  it("shows on its page as typed", async () => {
    const slug = `scripts-${run}`;
    const offer = {
      slug,
      partner: "クリップワイズ",
      title: "«عرض خاص» — Zażółć gęślą jaźń",
      summary: "「クリエイターの仕事」のための三か月無料。",
      discount: "3 ヶ月無料",
      url: "https://clipwise.example/partners/board",
      code: "BOARD3",
      category: "وظائف",
      body: "Żółta łódź. وظائف صناع المحتوى. クリエイターの仕事。",
      expires: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    };
    const created = await call("/api/moderation/partner-offers", {
      method: "POST",
      body: { offer },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const answer = await props<Parameters<typeof OfferPage>[0]>(offerProps, { offerId: slug });
    if (!("props" in answer)) throw new Error(`No offer page: ${JSON.stringify(answer)}`);
    const text = shown(render(createElement(OfferPage, answer.props)).body);
    for (const typed of [offer.partner, offer.title, offer.summary, offer.category]) {
      expect(text).toContain(typed);
    }
    expect(text).toContain("Żółta łódź. وظائف صناع المحتوى. クリエイターの仕事。");
  });
});

describe("a legal version in every script", () => {
  it("comes out in its PDF as typed (the fonts have the glyphs)", async () => {
    const lines = ["クリエイターの仕事", "وظائف صناع المحتوى", "Zażółć gęślą jaźń"];
    const published = await callApi(routeFor("/api/moderation/legal/{document}/versions"), {
      method: "POST",
      params: { document: "acceptable-use" },
      headers: bearer(editor.token),
      body: { body: lines.join("\n\n"), summary: "Zażółć — クリエイター — وظائف" },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const pdf = await callApi(routeFor("/api/pdfs/{document}"), {
      params: { document: "acceptable-use" },
    });
    expect(pdf.status).toBe(200);
    const text = await textLines(pdf.bytes);
    for (const line of lines) expect(text).toContain(line);
  }, 60_000);
});
