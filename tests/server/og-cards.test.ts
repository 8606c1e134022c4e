// @vitest-environment node
import { readFile, rm } from "node:fs/promises";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "@/e2e/routes";
import { logoPath } from "@/lib/logos/logos";
import { CARD_KINDS } from "@/lib/og/address";
import { latestReport } from "@/features/reports/reports";
import { SITE_URL } from "@/lib/site";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { companies } from "@/lib/server/db/schema";
import { encodeLogo } from "@/features/companies/server/logo-image";
import { folderLogoStore } from "@/features/companies/server/logo-store";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { startServer, type RunningServer } from "@/tests/server/harness";
import { templateDataDir } from "@/tests/support/database";
import { setUpTempFileStores } from "@/tests/support/files";

/*
 * Social cards in the production build: each kind of page carries og:image (with its size, alt
 * and the large Twitter card) pointing at its card, and that address answers a 1200×630 PNG
 * cached for a year, drawn by the bundled route (fonts read from the app's folder, a WebP logo
 * turned into PNG). Every public page search engines may index has an og:image.
 */

let server: RunningServer;
let dataDir: string;
const { logoDir } = setUpTempFileStores();
const pages: string[] = [];

let clients = 0;
const get = (path: string) => {
  clients += 1;
  return fetch(server.url + path, {
    headers: { "x-forwarded-for": `10.77.${(clients >> 8) & 255}.${clients & 255}` },
  });
};

/** The content of a page's <meta> with this property or name. */
function meta(html: string, key: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    if (tag.includes(`property="${key}"`) || tag.includes(`name="${key}"`)) {
      return /content="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&");
    }
  }
  return undefined;
}

beforeAll(async () => {
  dataDir = await templateDataDir();
  const setup = connectPglite(dataDir);
  const logo = await encodeLogo(
    await sharp({
      create: {
        width: 240,
        height: 240,
        channels: 4,
        background: { r: 240, g: 90, b: 40, alpha: 1 },
      },
    })
      .png()
      .toBuffer(),
  );
  await folderLogoStore(logoDir).put(logo.name, logo.bytes);
  const company = await insertCompany(setup.db, "orbit-media", "Orbit Media");
  await setup.db
    .update(companies)
    .set({ logoUrl: logoPath(logo.name) })
    .where(eq(companies.id, company.id));
  const job = await insertJob(setup.db, {
    title: "Podcast Producer",
    companyId: company.id,
    department: "operations",
    region: "united-kingdom",
    type: "contractor",
    location: "London, UK",
    salaryMin: 45_000,
    salaryMax: 55_000,
    salaryCurrency: "GBP",
    publishedAt: new Date(Date.now() - 86_400_000),
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  });
  await setup.close();
  pages.push(
    `/jobs/${job.id}-${job.slug}`,
    "/departments/operations",
    "/regions/united-kingdom",
    "/types/contractor",
    "/companies/orbit-media",
    latestReport().path,
    "/salaries/operations/united-kingdom",
    "/",
  );
  server = await startServer({ database: { dataDir }, env: { LOGO_DIR: logoDir } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("each kind of page's social card", () => {
  it("is in the page's head, and its address answers the card", async () => {
    const kinds: string[] = [];
    for (const page of pages) {
      const response = await get(page);
      expect(response.status, page).toBe(200);
      const html = await response.text();
      const image = meta(html, "og:image");
      expect(image, page).toMatch(/\/api\/og\/[a-z]+\/[a-z0-9-]+\.png\?v=[0-9a-z]+$/);
      expect(image!.startsWith(`${SITE_URL}/api/og/`), image).toBe(true);
      expect(meta(html, "og:image:width")).toBe("1200");
      expect(meta(html, "og:image:height")).toBe("630");
      expect(meta(html, "og:image:alt")?.length).toBeGreaterThan(10);
      expect(meta(html, "twitter:card")).toBe("summary_large_image");
      expect(meta(html, "twitter:image")).toBe(image);
      kinds.push(/\/api\/og\/([a-z]+)\//.exec(image!)![1]!);

      const card = await get(image!.slice(SITE_URL.length));
      expect(card.status, image).toBe(200);
      expect(card.headers.get("content-type")).toBe("image/png");
      expect(card.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const metadata = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 1200, 630]);
    }
    expect(kinds).toEqual([...CARD_KINDS]);
    // Drawn without sharp (on the drawer's thread: next/og with Resvg, the logo by
    // features/og/server/logo-png.ts), so libvips was never mapped into the serving process,
    // where it would stay for good.
    const maps = await readFile(`/proc/${server.process.pid}/maps`, "utf8");
    expect(maps).not.toMatch(/libvips|sharp-linux/);
  }, 120_000);

  it("is a JSON 404 for a page that does not exist", async () => {
    for (const path of ["/api/og/company/no-such-company.png", "/api/og/page/nowhere.png"]) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get("content-type")).toMatch(/^application\/json/);
    }
  });
});

describe("every public page", () => {
  /** The noindex pages of PUBLIC_PAGES: the sign-in pages, which need no card. */
  const NOINDEX = ["/sign-in", "/sign-up", "/linkedin-login"];

  it("that search engines may index carries an og:image, and the site's own pages a card", async () => {
    const cards = new Set<string>();
    for (const { path } of PUBLIC_PAGES) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      if (meta(html, "robots")?.includes("noindex")) {
        expect(NOINDEX, path).toContain(path);
        continue;
      }
      const image = meta(html, "og:image");
      expect(image, path).toMatch(/^https?:\/\//);
      // Blog posts show their cover; every other page its card, with its size and alt.
      if (path.startsWith("/posts/")) continue;
      expect(image, path).toMatch(/\/api\/og\/[a-z]+\/[a-z0-9-]+\.png\?v=[0-9a-z]+$/);
      expect(meta(html, "og:image:width"), path).toBe("1200");
      expect(meta(html, "og:image:height"), path).toBe("630");
      expect(meta(html, "og:image:alt")?.length, path).toBeGreaterThan(10);
      expect(meta(html, "twitter:card"), path).toBe("summary_large_image");
      if (image!.includes("/api/og/page/")) cards.add(image!);
    }
    // The site's own pages: home, about, talent, pricing, submit, recruitment services, the
    // blog, the four legal documents and the offer.
    expect(cards.size).toBe(12);
    for (const image of cards) {
      const card = await get(image.slice(SITE_URL.length));
      expect(card.status, image).toBe(200);
      expect(card.headers.get("cache-control"), image).toBe("public, max-age=31536000, immutable");
      const metadata = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", 1200, 630]);
    }
  }, 180_000);

  it("keeps its first page's card on a topic, and a filtered count's without a version", async () => {
    const image = async (path: string) => meta(await (await get(path)).text(), "og:image");
    expect(await image("/blog?tag=careers")).toBe(await image("/blog"));
    expect(await image("/talent?department=design")).toBe(`${SITE_URL}/api/og/page/talent.png`);
  });
});
