// @vitest-environment node
import { IncomingMessage, ServerResponse } from "node:http";
import { mkdir, writeFile } from "node:fs/promises";
import { Socket } from "node:net";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type {
  GetServerSideProps,
  GetServerSidePropsContext,
  NextApiRequest,
  NextApiResponse,
} from "next";
import { createMocks } from "node-mocks-http";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { logoPath } from "@/lib/logos/logos";
import { LEGAL_DOCUMENTS } from "@/features/content/legal";
import { CARD_KINDS, cardPath, type Card, type CardKind } from "@/lib/og/address";
import { companyCard } from "@/features/companies/og-card";
import { jobCard, listingCard } from "@/features/jobs/og-card";
import { reportCard } from "@/features/reports/og-card";
import { salaryCard } from "@/features/salaries/og-card";
import { listingPlansCard, recruitmentCard } from "@/features/billing/og-card";
import { readOffer } from "@/features/billing/server/offer";
import { blogCard, legalCard, offerCard } from "@/features/content/og-cards";
import { copyCard, homeCard } from "@/features/content/og-copy-cards";
import { talentCard } from "@/features/directory/og-card";
import { PAGE_COPY } from "@/features/content/page-copy";
import { HIRING_REPORTS, latestReport, reportSlug } from "@/features/reports/reports";
import { companyPageData } from "@/features/companies/server/company-page";
import { loadLegalDocument } from "@/features/content/server/legal";
import { findOffer, isOfferLive, listOffers } from "@/features/content/server/offers";
import { pageOfPosts } from "@/features/content/server/posts";
import { companies, jobs, users } from "@/lib/server/db/schema";
import { forgetDepartmentCounts, loadBoard } from "@/features/jobs/server/board-page";
import { jobPageData } from "@/features/board/server/job-page-data";
import { listingPageData } from "@/features/jobs/server/listing-page-data";
import { encodeLogo } from "@/features/companies/server/logo-image";
import { folderLogoStore } from "@/features/companies/server/logo-store";
import { cardsDrawn } from "@/features/og/server/card-cache";
import {
  CARD_DRAWER,
  cardDrawerState,
  drawCard,
  endCardDrawer,
} from "@/features/og/server/card-drawer";
import { CARD_CACHE_CONTROL } from "@/features/og/server/card-cache-control";
import { loadCard } from "@/features/og/server/card-data";
import { drawableText } from "@/features/og/server/glyphs";
import { reportServerSideProps } from "@/features/reports/server/report-page-data";
import { refreshSalaryFigures } from "@/features/salaries/server/salary-figures";
import { salaryPageData } from "@/features/salaries/server/salary-page-data";
import cardHandler from "@/pages/api/og/[kind]/[slug]";
import { getServerSideProps as talentPageData } from "@/pages/talent";
import { setUpTestDatabase } from "@/tests/support/database";
import { setUpTempFileStores } from "@/tests/support/files";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * Social cards: GET /api/og/{kind}/{slug}.png draws a 1200×630 PNG from the facts its page
 * shows, for every kind of page; the version in a page's card address is the one the route
 * computes from the same facts, so only that address is cached for a year; a changed fact is a
 * new version; a process draws the same facts once; unknown pages are 404s.
 *
 * With OG_CARDS_DIR set, the cards are written there as PNG files to look at.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const handle = setUpTestDatabase();
const { logoDir } = setUpTempFileStores();
let jobId: number;
let jobSlug: string;
let closedId: number;
let latinId: number;

/** GET (or HEAD) of a card, answered with its bytes as sent. */
async function fetchCard(
  kind: string,
  name: string,
  query: Record<string, string> = {},
  method: "GET" | "HEAD" = "GET",
) {
  const search = new URLSearchParams(query).toString();
  const { req, res } = createMocks<NextApiRequest, NextApiResponse>({
    method,
    url: `/api/og/${kind}/${name}${search ? `?${search}` : ""}`,
    query: { ...query, kind, slug: name },
  });
  Object.defineProperty(req, "socket", { value: { remoteAddress: "10.201.0.1" } });
  req.once("async_iterator", () => req.send(""));
  await cardHandler(req, res);
  const data = res._getData() as unknown;
  return {
    status: res._getStatusCode(),
    headers: res._getHeaders(),
    bytes: Buffer.isBuffer(data) ? data : Buffer.from(data as string),
  };
}

/** The props a page's data function gives for `params`, as the page renders them. */
async function pageProps<P extends Record<string, unknown>>(
  data: GetServerSideProps<P>,
  params: Record<string, string>,
  resolvedUrl: string,
): Promise<P> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  const context = { req, res, params, query: { ...params }, resolvedUrl };
  const result = await data(context as unknown as GetServerSidePropsContext);
  if (!("props" in result)) throw new Error(`${resolvedUrl} answered ${JSON.stringify(result)}`);
  return (await result.props) as P;
}

beforeAll(async () => {
  vi.stubEnv("S3_BUCKET", "");
  const { db } = handle;

  // A logo as an upload leaves it: re-encoded WebP in the store, its path on the company.
  const logo = await encodeLogo(
    await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 4,
        background: { r: 20, g: 160, b: 120, alpha: 1 },
      },
    })
      .png()
      .toBuffer(),
  );
  await folderLogoStore(logoDir).put(logo.name, logo.bytes);
  const studio = await insertCompany(db, "pixel-studio", "Pixel Studio");
  await db
    .update(companies)
    .set({ logoUrl: logoPath(logo.name) })
    .where(eq(companies.id, studio.id));
  const plain = await insertCompany(db, "quiet-co", "Quiet Co");

  const now = Date.now();
  const job = await insertJob(db, {
    title: "Senior Video Editor for Long-form YouTube Content",
    companyId: studio.id,
    department: "design",
    region: "remote",
    location: "Remote (UK and Europe)",
    salaryMin: 60_000,
    salaryMax: 85_000,
    publishedAt: new Date(now - 2 * 86_400_000),
    expiresAt: new Date(now + 30 * 86_400_000),
  });
  jobId = job.id;
  jobSlug = job.slug;
  closedId = (
    await insertJob(db, {
      title: "Community Manager",
      companyId: plain.id,
      department: "marketing",
      region: "united-states",
      location: "Austin, TX",
      type: "part-time",
      status: "filled",
      publishedAt: new Date(now - 5 * 86_400_000),
      expiresAt: new Date(now + 25 * 86_400_000),
    })
  ).id;
  latinId = (
    await insertJob(db, {
      title: "Créatrice de contenu – Łódź 🎬 短视频",
      companyId: plain.id,
      department: "marketing",
      region: "europe",
      location: "Łódź, Poland",
      publishedAt: new Date(now - 86_400_000),
      expiresAt: new Date(now + 30 * 86_400_000),
    })
  ).id;
}, 60_000);

beforeEach(() => {
  vi.stubEnv("S3_BUCKET", "");
});

afterAll(() => {
  vi.unstubAllEnvs();
});

const REPORT = reportSlug(HIRING_REPORTS[HIRING_REPORTS.length - 1]!.quarter);

/** One page of each kind: its card's kind and slug. */
const SAMPLES = (): [CardKind, string][] => [
  ["job", String(jobId)],
  ["department", "design"],
  ["region", "remote"],
  ["type", "full-time"],
  ["company", "pixel-studio"],
  ["report", REPORT],
  ["salary", "design--remote"],
  ["page", "home"],
];

const OFFER = "caplark-pro-three-months-free";

/** Every one of the site's own pages with a card of kind "page". */
const SITE_PAGES = [
  "home",
  "about",
  "talent",
  "pricing",
  "submit",
  "recruitment-services",
  "blog",
  ...LEGAL_DOCUMENTS.map((document) => document.name),
  `offer-${OFFER}`,
];

async function expectCard(bytes: Buffer, save?: string) {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const metadata = await sharp(bytes).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 1200, 630]);
  if (save && process.env.OG_CARDS_DIR) {
    await mkdir(process.env.OG_CARDS_DIR, { recursive: true });
    await writeFile(join(process.env.OG_CARDS_DIR, `${save}.png`), bytes);
  }
}

describe("GET /api/og/{kind}/{slug}.png", () => {
  it("has a card for every kind of page", () => {
    expect(SAMPLES().map(([kind]) => kind)).toEqual([...CARD_KINDS]);
  });

  // Eight cards, and then fourteen, one after another on one thread (some 0.1–0.4 s each, and
  // the thread's start): on a busy machine they take longer than a test's default 20 s.
  it("draws each kind's card as a 1200×630 PNG, cached for a year at its version", async () => {
    for (const [kind, slug] of SAMPLES()) {
      const card = (await loadCard(handle.db, kind, slug))!;
      expect(card, `${kind}/${slug}`).not.toBeNull();
      expect(card.version).toMatch(/^[0-9a-z]+$/);
      const answer = await fetchCard(kind, `${slug}.png`, { v: card.version! });
      expect(answer.status, `${kind}/${slug}`).toBe(200);
      expect(answer.headers["content-type"]).toBe("image/png");
      expect(answer.headers["cache-control"]).toBe(CARD_CACHE_CONTROL.versioned);
      await expectCard(answer.bytes, `${kind}-${slug}`);
    }
  }, 120_000);

  it("draws a card for each of the site's own pages, from the words the page shows", async () => {
    for (const slug of SITE_PAGES) {
      const card = (await loadCard(handle.db, "page", slug))!;
      expect(card, slug).not.toBeNull();
      expect(card.facts.lead?.length, slug).toBeGreaterThan(20);
      const answer = await fetchCard("page", `${slug}.png`, { v: card.version! });
      expect(answer.status, slug).toBe(200);
      expect(answer.headers["content-type"]).toBe("image/png");
      expect(answer.headers["cache-control"]).toBe(CARD_CACHE_CONTROL.versioned);
      await expectCard(answer.bytes, `page-${slug}`);
    }
    const home = (await loadCard(handle.db, "page", "home"))!.facts;
    expect([home.title, home.lead]).toEqual([PAGE_COPY.home.title, PAGE_COPY.home.description]);
    // The three listed jobs open in beforeAll: the closed one is not counted.
    expect(home.note).toBe("2 open roles");
    expect((await loadCard(handle.db, "page", "pricing"))!.facts.chips).toEqual([
      "Standard: Free",
      "Sponsored: $199",
      "Featured: $349",
    ]);
    expect((await loadCard(handle.db, "page", "talent"))!.facts.note).toBe("0 candidates");
    const privacy = (await loadCard(handle.db, "page", "privacy"))!.facts;
    expect(privacy.title).toBe("Privacy Policy");
    expect(privacy.note).toMatch(/^Last updated /);
    const offer = (await loadCard(handle.db, "page", `offer-${OFFER}`))!.facts;
    expect(offer.chips).toEqual(["Caplark", "3 months free"]);
  }, 120_000);

  it("draws the company's stored WebP logo on its job's card", async () => {
    const card = (await loadCard(handle.db, "job", String(jobId)))!;
    const answer = await fetchCard("job", `${jobId}.png`, { v: card.version! });
    expect(answer.status).toBe(200);
    // The logo is a 300×200 block of rgb(20, 160, 120): drawn into its 92 px badge, contained,
    // it covers some 92×61 pixels of that colour (the card has none of it otherwise).
    const { data, info } = await sharp(answer.bytes).raw().toBuffer({ resolveWithObject: true });
    let logoPixels = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const near = (at: number, value: number) => Math.abs(data[i + at]! - value) <= 12;
      if (near(0, 20) && near(1, 160) && near(2, 120)) logoPixels += 1;
    }
    expect(logoPixels).toBeGreaterThan(3_000);
    expect(logoPixels).toBeLessThan(92 * 92);
  });

  it("sends the current card for a short while without a version, or with an old one", async () => {
    const bare = await fetchCard("department", "design.png");
    expect(bare.status).toBe(200);
    expect(bare.headers["cache-control"]).toBe(CARD_CACHE_CONTROL.current);
    await expectCard(bare.bytes);
    const old = await fetchCard("department", "design.png", { v: "old1" });
    expect(old.headers["cache-control"]).toBe(CARD_CACHE_CONTROL.current);
  });

  it("draws closed jobs, logo-less companies and names in other alphabets", async () => {
    const closed = (await loadCard(handle.db, "job", String(closedId)))!;
    expect(closed.facts.note).toBe("No longer accepting applications");
    await expectCard((await fetchCard("job", `${closedId}.png`)).bytes, "job-closed");
    const latin = (await loadCard(handle.db, "job", String(latinId)))!;
    // Satori reports a glyph its fonts lack (and fetches it from a font service) on the console.
    const errors = vi.spyOn(console, "error");
    await expectCard((await fetchCard("job", `${latinId}.png`)).bytes, "job-latin");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    // What the fonts lack is left out, so nothing is fetched from a font service.
    expect(drawableText(latin.facts.title)).toBe("Créatrice de contenu – Łódź");
    await expectCard((await fetchCard("company", "quiet-co.png")).bytes, "company-quiet-co");
    // A company whose slug is in its own letters (lib/server/slug.ts), at its encoded address.
    await insertCompany(handle.db, "株式会社クリエイト", "株式会社クリエイト");
    const japanese = (await loadCard(handle.db, "company", "株式会社クリエイト"))!;
    expect(cardPath(japanese)).toMatch(/^\/api\/og\/company\/%E6%A0%AA[%0-9A-F]+\.png\?v=/);
    expect((await fetchCard("company", "株式会社クリエイト.png")).status).toBe(200);
    // A quarter after the spec's seven, whose report page the code never named.
    const later = reportSlug(latestReport().quarter);
    expect((await loadCard(handle.db, "report", later))?.facts.title).toContain(
      latestReport().quarter,
    );
    await expectCard((await fetchCard("report", `${later}.png`)).bytes);
  });

  it("answers 404 for pages that do not exist", async () => {
    const missing: [string, string][] = [
      ["job", "999999.png"],
      ["job", "0.png"],
      ["department", "astronomy.png"],
      ["region", "mars.png"],
      ["type", "forever.png"],
      ["company", "no-such-company.png"],
      ["report", "q4-2031.png"],
      ["page", "nowhere.png"],
      ["page", "offer-nothing-here.png"],
      ["page", "offer-.png"],
      ["page", "pdfs.png"],
      ["poster", "design.png"],
      ["department", "design"],
      ["department", "design.jpg"],
      ["department", "Design.png"],
    ];
    for (const [kind, name] of missing) {
      const answer = await fetchCard(kind, name);
      expect(answer.status, `${kind}/${name}`).toBe(404);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
    // A pending job has no page, so no card either.
    await handle.db.update(jobs).set({ status: "pending" }).where(eq(jobs.id, closedId));
    expect((await fetchCard("job", `${closedId}.png`)).status).toBe(404);
    await handle.db.update(jobs).set({ status: "filled" }).where(eq(jobs.id, closedId));
  });

  it("answers HEAD like GET, without drawing the same facts twice", async () => {
    const card = (await loadCard(handle.db, "type", "full-time"))!;
    await fetchCard("type", "full-time.png", { v: card.version! });
    const before = cardsDrawn();
    const head = await fetchCard("type", "full-time.png", { v: card.version! }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["cache-control"]).toBe(CARD_CACHE_CONTROL.versioned);
    await fetchCard("type", "full-time.png");
    expect(cardsDrawn()).toBe(before);
  });

  it("draws cards in a row on one worker thread, which ends after a quiet spell", async () => {
    const idleMs = CARD_DRAWER.idleMs;
    CARD_DRAWER.idleMs = 300;
    try {
      const facts = (title: string) => ({
        eyebrow: "Jobs",
        title,
        chips: ["Remote"],
        figures: [],
        note: null,
        badge: "Łódź Studio",
        logo: null,
      });
      endCardDrawer();
      const started = cardDrawerState().threadsStarted;
      const [first, second] = await Promise.all([
        drawCard(facts("映像編集者 (Tokyo)")),
        drawCard(facts("محرر فيديو")),
      ]);
      const third = await drawCard(facts("Montażysta wideo"));
      for (const png of [first, second, third]) {
        expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        expect(png.readUInt32BE(16)).toBe(1200);
      }
      expect(new Set([first, second, third].map((png) => png.toString("base64"))).size).toBe(3);
      // One thread drew all three; with nothing more to draw it ends, and the next starts anew.
      expect(cardDrawerState().threadsStarted).toBe(started + 1);
      await vi.waitFor(() => expect(cardDrawerState().running).toBe(false), { timeout: 10_000 });
      await drawCard(facts("Editor"));
      expect(cardDrawerState().threadsStarted).toBe(started + 2);
    } finally {
      CARD_DRAWER.idleMs = idleMs;
    }
  });

  it("gets a new version, and a new picture, when a fact on the page changes", async () => {
    const before = (await loadCard(handle.db, "job", String(jobId)))!;
    const drawnBefore = (await fetchCard("job", `${jobId}.png`)).bytes;
    await handle.db.update(jobs).set({ salaryMax: 95_000 }).where(eq(jobs.id, jobId));
    const after = (await loadCard(handle.db, "job", String(jobId)))!;
    expect(after.version).not.toBe(before.version);
    expect(after.facts.chips).toContain("$60k – $95k a year");
    // The old address no longer names these facts: it is not kept for a year.
    const old = await fetchCard("job", `${jobId}.png`, { v: before.version! });
    expect(old.headers["cache-control"]).toBe(CARD_CACHE_CONTROL.current);
    expect(old.bytes.equals(drawnBefore)).toBe(false);
    await handle.db.update(jobs).set({ salaryMax: 85_000 }).where(eq(jobs.id, jobId));
  });
});

describe("a page's card address", () => {
  /** The version the route gives the same page's card. */
  const routeVersion = async (card: Card) =>
    (await loadCard(handle.db, card.kind, card.slug))?.version;

  it("carries the version the route computes from the same facts, for every kind", async () => {
    const job = await pageProps(
      jobPageData,
      { jobId: `${jobId}-${jobSlug}` },
      `/jobs/${jobId}-${jobSlug}`,
    );
    const listings = await Promise.all(
      (
        [
          ["department", "design"],
          ["region", "remote"],
          ["type", "full-time"],
        ] as const
      ).map(async ([kind, slug]) => {
        const props = await pageProps(listingPageData(kind), { [kind]: slug }, `/${kind}s/${slug}`);
        return listingCard(kind, props.entry, props.results);
      }),
    );
    const company = await pageProps(
      (context) => companyPageData(context, {}),
      { slug: "pixel-studio" },
      "/companies/pixel-studio",
    );
    const latest = HIRING_REPORTS[HIRING_REPORTS.length - 1]!;
    const report = await pageProps(reportServerSideProps(latest.path), {}, latest.path);
    await refreshSalaryFigures(handle.db);
    const salaries = await pageProps(
      salaryPageData,
      { department: "design", region: "remote" },
      "/salaries/design/remote",
    );

    forgetDepartmentCounts();
    const home = await pageProps(
      (context) => loadBoard("/", context, { withDepartmentCounts: true }),
      {},
      "/",
    );
    const openRoles = Object.values(home.departmentCounts ?? {}).reduce((sum, n) => sum + n, 0);

    const cards = [
      jobCard(job.job),
      ...listings,
      companyCard(company.company, company.results),
      reportCard(report.report),
      salaryCard(salaries),
      homeCard(openRoles),
    ];
    expect(cards.map((card) => card.kind)).toEqual([...CARD_KINDS]);
    for (const card of cards) {
      expect(card.version, cardPath(card)).toBe(await routeVersion(card));
      expect(cardPath(card)).toBe(`/api/og/${card.kind}/${card.slug}.png?v=${card.version}`);
      expect(card.alt.length).toBeGreaterThan(10);
    }
  });

  it("carries the route's version on each of the site's own pages", async () => {
    const talent = await pageProps(talentPageData, {}, "/talent");
    const blog = (await pageOfPosts(handle.db, 1, null))!;
    const offer = (await findOffer(OFFER))!;
    const cards = [
      copyCard("about"),
      talentCard(talent.total),
      listingPlansCard("pricing", await readOffer(handle.db)),
      listingPlansCard("submit", await readOffer(handle.db)),
      recruitmentCard(),
      blogCard(blog.tags),
      ...(await Promise.all(
        LEGAL_DOCUMENTS.map(async (entry) => legalCard(await loadLegalDocument(entry.name))),
      )),
      offerCard(offer, !isOfferLive(offer)),
    ];
    expect(["home", ...cards.map((card) => card.slug)]).toEqual(SITE_PAGES);
    for (const card of cards) {
      expect(card.kind).toBe("page");
      expect(card.version, cardPath(card)).toBe(await routeVersion(card));
      expect(card.alt.length).toBeGreaterThan(10);
    }
    // Every offer, ended ones too (their pages stay up), has its card.
    for (const summary of await listOffers()) {
      expect((await loadCard(handle.db, "page", `offer-${summary.id}`))?.slug).toBe(
        `offer-${summary.id}`,
      );
    }
  });

  it("counts the candidates the talent page lists, and changes with them", async () => {
    const before = (await loadCard(handle.db, "page", "talent"))!;
    const [user] = await handle.db
      .insert(users)
      .values({ firebaseUid: "og-talent", email: "talent@og.example", profileVisibility: "public" })
      .returning({ id: users.id });
    const talent = await pageProps(talentPageData, {}, "/talent");
    expect(talent.total).toBe(1);
    const after = talentCard(talent.total);
    expect(after.facts.note).toBe("1 candidate");
    expect(after.version).not.toBe(before.version);
    expect(after.version).toBe(await routeVersion(after));
    // A filtered talent page shows another count: its card has no version.
    expect(cardPath(talentCard(null))).toBe("/api/og/page/talent.png");
    await handle.db.delete(users).where(eq(users.id, user!.id));
  });

  it("has no version on a filtered list, whose count is not the card's", () => {
    const card = listingCard("department", { slug: "design", label: "Design" }, null);
    expect(card.version).toBeNull();
    expect(cardPath(card)).toBe("/api/og/department/design.png");
  });
});
