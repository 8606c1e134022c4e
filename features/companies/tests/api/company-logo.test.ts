// @vitest-environment node
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { NextApiRequest, NextApiResponse } from "next";
import { createMocks } from "node-mocks-http";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOGO_SIZE } from "@/lib/logos/logos";
import { auditLog, companies, jobs } from "@/lib/server/db/schema";
import { generateSampleBoard } from "@/lib/server/sample-board/generate";
import { monogramPng } from "@/lib/server/sample-board/sample-logos";
import { seedSampleBoard } from "@/lib/server/sample-board/seed";
import { getJob } from "@/features/jobs/server/jobs";
import { searchJobs } from "@/features/jobs/server/job-search";
import { LOGO_MAX_SIDE, LOGO_MESSAGES } from "@/features/companies/server/logo-image";
import { folderLogoStore } from "@/features/companies/server/logo-store";
import companyHandler from "@/pages/api/company";
import logoHandler from "@/pages/api/company/logo";
import servedLogoHandler from "@/pages/api/logos/[name]";
import listingsHandler from "@/pages/api/listings/index";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { setUpTempFileStores } from "@/tests/support/files";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { hostileImages, image, noisyPng } from "@/tests/fixtures/hostile-images";

/*
 * Company logos: uploaded by the employer (PUT /api/company/logo), checked by their bytes,
 * re-encoded to one size, stored in the data folder under their hash, and served from
 * /api/logos/{name} for a year's caching. A refused upload leaves the logo as it was.
 */

const handle = setUpTestDatabase();
const { logoDir } = setUpTempFileStores();
const run = Math.random().toString(36).slice(2, 8);
const tokens = { employer: "", other: "", newcomer: "" };

const upload = (token: string, bytes: Buffer, contentType = "image/png") =>
  callApi(logoHandler, {
    method: "PUT",
    headers: { ...bearer(token), "content-type": contentType },
    raw: bytes,
  });
const remove = (token: string) =>
  callApi(logoHandler, { method: "DELETE", headers: bearer(token) });
const ownCompany = async (token: string) =>
  (await callApi(companyHandler, { headers: bearer(token) })).body?.company as {
    id: number;
    logo_url: string | null;
  };

/** GET /api/logos/{name}, answered with its bytes as sent. */
async function served(name: string, method: "GET" | "HEAD" = "GET") {
  const { req, res } = createMocks<NextApiRequest, NextApiResponse>({
    method,
    url: `/api/logos/${name}`,
    query: { name },
  });
  Object.defineProperty(req, "socket", { value: { remoteAddress: "10.200.0.1" } });
  req.once("async_iterator", () => req.send(""));
  await servedLogoHandler(req, res);
  const data = res._getData() as unknown;
  return {
    status: res._getStatusCode(),
    headers: res._getHeaders(),
    bytes: Buffer.isBuffer(data) ? data : Buffer.from(data as string),
  };
}

const nameOf = (url: string) => url.replace("/api/logos/", "");

beforeAll(async () => {
  [tokens.employer, tokens.other, tokens.newcomer] = await Promise.all([
    googleIdToken({ sub: `logo-${run}`, email: `logo-${run}@studio.example`, name: "Lo" }),
    googleIdToken({ sub: `logo2-${run}`, email: `logo2-${run}@studio.example`, name: "Ot" }),
    googleIdToken({ sub: `logo3-${run}`, email: `logo3-${run}@studio.example`, name: "Ne" }),
  ]);
}, 60_000);

beforeEach(() => {
  vi.stubEnv("S3_BUCKET", "");
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterAll(() => {
  vi.unstubAllEnvs();
});

async function listAJob(token: string, name: string) {
  const body = { ...validSubmission(), plan: "standard" };
  body.company = { ...body.company, name };
  const posted = await callApi(listingsHandler, {
    method: "POST",
    headers: bearer(token),
    body,
  });
  expect(posted.status).toBe(201);
  const id = (posted.body as { id: number }).id;
  // Published as a moderator's approval would: open, and listed.
  await handle.db
    .update(jobs)
    .set({ status: "open", publishedAt: new Date(), expiresAt: new Date(Date.now() + 864e5) })
    .where(eq(jobs.id, id));
  return id;
}

describe("PUT /api/company/logo", () => {
  let jobId: number;

  it("asks for sign-in, and has no company to give a logo before the first listing", async () => {
    const png = await image(64, 64).png().toBuffer();
    expect((await callApi(logoHandler, { method: "PUT", raw: png })).status).toBe(401);
    expect(await upload(tokens.newcomer, png)).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
    expect((await remove(tokens.newcomer)).status).toBe(404);
    expect(await readdir(logoDir)).toEqual([]);
  });

  it("re-encodes a PNG to a square WebP of the fixed size, stored under its hash", async () => {
    jobId = await listAJob(tokens.employer, "Logo Studio");
    // Wide, with metadata: fitted whole into the square, and the metadata gone.
    const png = await image(600, 200)
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: "Someone" } } })
      .toBuffer();
    const answer = await upload(tokens.employer, png);
    expect(answer.status).toBe(200);
    const url = (answer.body as { company: { logo_url: string } }).company.logo_url;
    expect(url).toMatch(/^\/api\/logos\/[0-9a-f]{64}\.webp$/);

    const stored = await readFile(join(logoDir, nameOf(url)));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: LOGO_SIZE, height: LOGO_SIZE });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.hasAlpha).toBe(true);
    // "contain": the band above the picture is transparent, its middle is the picture.
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * LOGO_SIZE + x) * 4 + 3];
    expect(alphaAt(128, 5)).toBe(0);
    expect(alphaAt(128, 128)).toBe(255);

    expect((await ownCompany(tokens.employer)).logo_url).toBe(url);
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "company.logo_uploaded"));
    expect(audit).toMatchObject({ role: "employer", subjectType: "company" });
  });

  it("shows the uploaded logo in the job's summary and detail", async () => {
    const { logo_url } = await ownCompany(tokens.employer);
    const page = await searchJobs(handle.db, { page: 1, per_page: 20 });
    expect(page.jobs.find((job) => job.id === jobId)?.company.logo_url).toBe(logo_url);
    expect((await getJob(handle.db, jobId))?.company.logo_url).toBe(logo_url);
  });

  it.each([
    ...hostileImages(LOGO_MESSAGES, { maxSide: LOGO_MAX_SIDE, tooLarge: () => noisyPng() }),
    ["a PNG of 5000×5000", () => image(5000, 5000).png().toBuffer(), LOGO_MESSAGES.tooManyPixels],
  ])("refuses %s with 422 on logo, and keeps the old logo", async (_case, bytes, message) => {
    const before = await ownCompany(tokens.employer);
    const files = await readdir(logoDir);
    const body = await bytes();
    const answer = await upload(tokens.employer, body);
    expect(answer).toMatchObject({ status: 422, body: { errors: { logo: [message] } } });
    expect((await ownCompany(tokens.employer)).logo_url).toBe(before.logo_url);
    expect(await readdir(logoDir)).toEqual(files);
  });

  it("refuses a body far over the limit unread (413)", async () => {
    const answer = await upload(tokens.employer, Buffer.alloc(2 * 1024 * 1024 + 1, 1));
    expect(answer.status).toBe(413);
  });

  it("decides by the bytes: a JPEG sent as image/png, a WebP as text/plain", async () => {
    const jpeg = await image(300, 300, { r: 10, g: 120, b: 200, alpha: 1 }).jpeg().toBuffer();
    const fromJpeg = await upload(tokens.employer, jpeg, "image/png");
    expect(fromJpeg.status).toBe(200);
    const jpegUrl = (fromJpeg.body as { company: { logo_url: string } }).company.logo_url;
    expect(await sharp(await readFile(join(logoDir, nameOf(jpegUrl)))).metadata()).toMatchObject({
      format: "webp",
      width: LOGO_SIZE,
      height: LOGO_SIZE,
    });

    const webp = await image(100, 400, { r: 0, g: 160, b: 60, alpha: 1 }).webp().toBuffer();
    const fromWebp = await upload(tokens.employer, webp, "text/plain");
    expect(fromWebp.status).toBe(200);
    const webpUrl = (fromWebp.body as { company: { logo_url: string } }).company.logo_url;
    expect(webpUrl).not.toBe(jpegUrl);
    // The replaced logo, used by no other company, is deleted.
    expect(await readdir(logoDir)).toEqual([nameOf(webpUrl)]);
  });

  it("keeps a file another company uses too when one of them replaces it", async () => {
    await listAJob(tokens.other, "Other Studio");
    const shared = await image(80, 80, { r: 90, g: 90, b: 90, alpha: 1 }).png().toBuffer();
    const mine = await upload(tokens.employer, shared);
    const theirs = await upload(tokens.other, shared);
    const url = (mine.body as { company: { logo_url: string } }).company.logo_url;
    expect((theirs.body as { company: { logo_url: string } }).company.logo_url).toBe(url);

    const other = await image(80, 80, { r: 250, g: 250, b: 0, alpha: 1 }).png().toBuffer();
    expect((await upload(tokens.employer, other)).status).toBe(200);
    expect((await served(nameOf(url))).status).toBe(200);
  });

  it("lets nobody touch another company's logo: each call reaches the caller's own", async () => {
    const mine = await ownCompany(tokens.employer);
    // The newcomer has no company: 404, and the employer's logo is as it was.
    const png = await image(64, 64).png().toBuffer();
    expect((await upload(tokens.newcomer, png)).status).toBe(404);
    expect((await remove(tokens.newcomer)).status).toBe(404);
    expect((await ownCompany(tokens.employer)).logo_url).toBe(mine.logo_url);
    // Another employer's removal removes theirs only.
    expect((await remove(tokens.other)).status).toBe(200);
    expect((await ownCompany(tokens.other)).logo_url).toBeNull();
    expect((await ownCompany(tokens.employer)).logo_url).toBe(mine.logo_url);
    const [row] = await handle.db
      .select({ logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, mine.id));
    expect(row?.logoUrl).toBe(mine.logo_url);
  });

  it("DELETE removes the logo and its file", async () => {
    const mine = await ownCompany(tokens.employer);
    const { logo_url } = mine;
    const answer = await remove(tokens.employer);
    expect(answer).toMatchObject({ status: 200, body: { company: { logo_url: null } } });
    expect(await readdir(logoDir)).not.toContain(nameOf(logo_url!));
    expect((await getJob(handle.db, jobId))?.company.logo_url).toBeNull();
    // Removing what is not there is no error, and no change to record.
    const audited = async () =>
      (
        await handle.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.subjectType, "company"), eq(auditLog.subjectId, mine.id)))
      ).length;
    const before = await audited();
    expect((await remove(tokens.employer)).status).toBe(200);
    expect(await audited()).toBe(before);
  });
});

describe("GET /api/logos/{name}", () => {
  it("answers a stored logo's bytes, as WebP, cached for a year", async () => {
    const png = await image(50, 50).png().toBuffer();
    const url = ((await upload(tokens.employer, png)).body as { company: { logo_url: string } })
      .company.logo_url;
    const answer = await served(nameOf(url));
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-type": "image/webp",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    expect(answer.bytes.equals(await readFile(join(logoDir, nameOf(url))))).toBe(true);
    expect(await sharp(answer.bytes).metadata()).toMatchObject({ format: "webp" });
  });

  it.each([
    ["an unknown name", `${"0".repeat(64)}.webp`],
    ["another extension", `${"a".repeat(64)}.png`],
    ["a path out of the folder", "../../package.json"],
    ["an encoded path", "..%2F..%2Fpackage.json"],
    ["a name of the wrong shape", "logo.webp"],
    ["a hidden partial file's name", `.${"a".repeat(64)}.webp.partial`],
  ])("404s %s", async (_case, name) => {
    const answer = await served(name);
    expect(answer.status).toBe(404);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("old logo addresses", () => {
  it("does not show a logo_url that is an address elsewhere", async () => {
    const body = { ...validSubmission(), plan: "standard" };
    body.company = {
      ...body.company,
      name: "External Logo Co",
      logo_url: "https://cdn.elsewhere.example/logo.png",
    };
    const posted = await callApi(listingsHandler, {
      method: "POST",
      headers: bearer(tokens.newcomer),
      body,
    });
    expect(posted.status).toBe(201);
    const id = (posted.body as { id: number }).id;
    await handle.db
      .update(jobs)
      .set({ status: "open", publishedAt: new Date(), expiresAt: new Date(Date.now() + 864e5) })
      .where(eq(jobs.id, id));
    // The employer still sees what they gave; the pages show no picture from elsewhere.
    expect((await ownCompany(tokens.newcomer)).logo_url).toBe(
      "https://cdn.elsewhere.example/logo.png",
    );
    expect((await getJob(handle.db, id))?.company.logo_url).toBeNull();
  });
});

describe("the sample board's logos", () => {
  it("are what uploading the same picture gives, and stay while a sample company shows one", async () => {
    const options = { jobs: 40, companies: 20 };
    await seedSampleBoard(handle.db, options, folderLogoStore(logoDir));
    const sample = generateSampleBoard(options).companies.find((company) => company.monogram)!;
    const [seeded] = await handle.db
      .select({ logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.slug, sample.slug));
    expect((await served(nameOf(seeded!.logoUrl!))).status).toBe(200);

    // An employer uploads the very picture the seed drew: the same file, the same address.
    const answer = await upload(tokens.other, await monogramPng(sample.monogram!));
    expect(answer.status).toBe(200);
    expect((answer.body as { company: { logo_url: string } }).company.logo_url).toBe(
      seeded!.logoUrl,
    );
    // Removing it keeps the file: the sample company still shows it.
    expect((await remove(tokens.other)).status).toBe(200);
    expect((await ownCompany(tokens.other)).logo_url).toBeNull();
    expect((await served(nameOf(seeded!.logoUrl!))).status).toBe(200);
  });
});
