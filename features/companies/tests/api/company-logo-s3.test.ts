// @vitest-environment node
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdir } from "node:fs/promises";
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { NextApiRequest, NextApiResponse } from "next";
import { createMocks } from "node-mocks-http";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isNotNull } from "drizzle-orm";
import { LOGO_PATH_PREFIX, LOGO_SIZE } from "@/lib/logos/logos";
import { companies } from "@/lib/server/db/schema";
import { seedSampleBoard } from "@/lib/server/sample-board/seed";
import { readServerEnv } from "@/lib/server/env";
import { logoStore, S3_LOGO_PREFIX, s3LogoStore } from "@/features/companies/server/logo-store";
import logoHandler from "@/pages/api/company/logo";
import servedLogoHandler from "@/pages/api/logos/[name]";
import listingsHandler from "@/pages/api/listings/index";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { setUpTempFileStores } from "@/tests/support/files";
import { freePort } from "@/tests/server/harness";
import { validSubmission } from "@/tests/fixtures/job-submission";

/*
 * Logos in S3-compatible storage, against a real S3 server speaking HTTP: the one at
 * TEST_S3_ENDPOINT, or else moto's server (`moto_server`, from the Python package moto) started
 * here. Without either, these tests are skipped, and say so.
 */

const givenEndpoint = process.env.TEST_S3_ENDPOINT;
const motoInstalled =
  !givenEndpoint && spawnSync("moto_server", ["--help"], { stdio: "ignore" }).status === 0;
const available = Boolean(givenEndpoint) || motoInstalled;

const bucket = `logos-${Math.random().toString(36).slice(2, 8)}`;
/** The S3 server's address: the given one, or moto's on a port free when it starts (beforeAll). */
let endpoint = givenEndpoint ?? "";
const settings = () =>
  ({
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "test",
    S3_SECRET_ACCESS_KEY: "test",
    S3_FORCE_PATH_STYLE: "true",
  }) as const;

let server: ChildProcess | undefined;
let token = "";
let client: S3Client;

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const up = await fetch(endpoint).then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No S3 server answered at ${endpoint}`);
}

async function served(name: string) {
  const { req, res } = createMocks<NextApiRequest, NextApiResponse>({
    method: "GET",
    url: `/api/logos/${name}`,
    query: { name },
  });
  Object.defineProperty(req, "socket", { value: { remoteAddress: "10.201.0.1" } });
  req.once("async_iterator", () => req.send(""));
  await servedLogoHandler(req, res);
  const data = res._getData() as unknown;
  return {
    status: res._getStatusCode(),
    headers: res._getHeaders(),
    bytes: Buffer.isBuffer(data) ? data : Buffer.from(data as string),
  };
}

describe.skipIf(!available)("logos in an S3 bucket", () => {
  const handle = setUpTestDatabase();
  const { logoDir } = setUpTempFileStores();

  beforeAll(async () => {
    if (motoInstalled) {
      const port = await freePort();
      endpoint = `http://127.0.0.1:${port}`;
      server = spawn("moto_server", ["-H", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
    }
    client = new S3Client({
      region: settings().S3_REGION,
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "test", secretAccessKey: "test" },
    });
    await waitForServer();
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    const run = Math.random().toString(36).slice(2, 8);
    token = await googleIdToken({ sub: `s3-${run}`, email: `s3-${run}@studio.example`, name: "S" });
  }, 60_000);

  beforeEach(() => {
    for (const [name, value] of Object.entries(settings())) vi.stubEnv(name, value);
    vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    server?.kill();
  });

  it("is the store when S3_BUCKET is set", () => {
    expect(logoStore(readServerEnv()).kind).toBe("s3");
  });

  it("puts, gets and deletes by name, and answers null for a name it does not have", async () => {
    const store = s3LogoStore({ ...readServerEnv(), S3_BUCKET: bucket });
    const name = `${"c".repeat(64)}.webp`;
    expect(await store.get(name)).toBeNull();
    await store.put(name, Buffer.from("bytes"));
    expect((await store.get(name))?.toString()).toBe("bytes");
    await store.delete(name);
    expect(await store.get(name)).toBeNull();
    await expect(store.get("../secret")).rejects.toThrow("Not a logo's name");
  });

  it("stores an upload in the bucket, not the folder, and serves it from there", async () => {
    const posted = await callApi(listingsHandler, {
      method: "POST",
      headers: bearer(token),
      body: { ...validSubmission(), plan: "standard" },
    });
    expect(posted.status).toBe(201);
    const png = await sharp({
      create: { width: 90, height: 300, channels: 4, background: "#2255aa" },
    })
      .png()
      .toBuffer();
    const answer = await callApi(logoHandler, {
      method: "PUT",
      headers: { ...bearer(token), "content-type": "image/png" },
      raw: png,
    });
    expect(answer.status).toBe(200);
    const url = (answer.body as { company: { logo_url: string } }).company.logo_url;
    const name = url.replace("/api/logos/", "");

    const key = `${S3_LOGO_PREFIX}${name}`;
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head).toMatchObject({
      ContentType: "image/webp",
      CacheControl: "public, max-age=31536000, immutable",
    });
    expect(await readdir(logoDir)).toEqual([]);

    const got = await served(name);
    expect(got.status).toBe(200);
    expect(got.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await sharp(got.bytes).metadata()).toMatchObject({
      format: "webp",
      width: LOGO_SIZE,
      height: LOGO_SIZE,
    });
    expect((await served(`${"d".repeat(64)}.webp`)).status).toBe(404);

    // Removed: the object goes too.
    const removed = await callApi(logoHandler, {
      method: "DELETE",
      headers: bearer(token),
    });
    expect(removed.status).toBe(200);
    await expect(client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).rejects.toThrow();
  });

  it("holds the sample board's logos when the board is seeded: every instance serves them", async () => {
    // Seeded as the app seeds, into the store the environment names: the bucket.
    await seedSampleBoard(handle.db, { jobs: 40, companies: 20 });
    const rows = await handle.db
      .selectDistinct({ logoUrl: companies.logoUrl })
      .from(companies)
      .where(isNotNull(companies.logoUrl));
    expect(rows.length).toBeGreaterThan(5);
    for (const { logoUrl } of rows) {
      const name = logoUrl!.slice(LOGO_PATH_PREFIX.length);
      const key = `${S3_LOGO_PREFIX}${name}`;
      expect(await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).toMatchObject({
        ContentType: "image/webp",
      });
      expect((await served(name)).status).toBe(200);
    }
    expect(await readdir(logoDir)).toEqual([]);
  });
});

describe.runIf(!available)("logos in an S3 bucket, without an S3 server", () => {
  it.skip("needs TEST_S3_ENDPOINT or moto_server on the PATH", () => {});
});
