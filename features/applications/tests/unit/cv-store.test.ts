// @vitest-environment node
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanCvName, inlineCvDisposition } from "@/features/applications/server/cv-file";
import {
  CV_KEY_PATTERN,
  cvFolder,
  cvStore,
  deleteCvFiles,
  folderCvStore,
  newCvKey,
  S3_CV_PREFIX,
  s3CvStore,
} from "@/lib/server/storage/cv-store";
import { readServerEnv } from "@/lib/server/env";

/*
 * The private store of CVs: random keys, checked against their pattern before any path or key
 * is made of them, in a folder beside the logos' or under cvs/ in the bucket.
 */

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "cv-store-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("CV keys", () => {
  it("are 32 random bytes in hex and .pdf, never the same twice", () => {
    const keys = new Set(Array.from({ length: 100 }, newCvKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(CV_KEY_PATTERN);
  });

  it.each([
    ["a path out of the folder", "../x"],
    ["a path to a file of the app", "../../package.json"],
    ["a key under a folder", `a/${"0".repeat(64)}.pdf`],
    ["a key after a dot segment", `../${"0".repeat(64)}.pdf`],
    ["a short key", "cv.pdf"],
    ["another extension", `${"0".repeat(64)}.webp`],
    ["capitals", `${"A".repeat(64)}.pdf`],
    ["a hidden partial file's name", `.${"0".repeat(64)}.pdf.partial`],
    ["a key with a line break after it", `${"0".repeat(64)}.pdf\n`],
  ])("refuses %s before touching the folder", async (_case, key) => {
    const store = folderCvStore(join(dir, "refusing"));
    await expect(store.get(key)).rejects.toThrow("Not a CV's name");
    await expect(store.put(key, Buffer.from("%PDF-"))).rejects.toThrow("Not a CV's name");
    await expect(store.delete(key)).rejects.toThrow("Not a CV's name");
    expect(await readdir(dir)).not.toContain("refusing");
  });
});

describe("the folder store", () => {
  it("puts, gets and deletes by key; a missing file is null, and deleting it no error", async () => {
    const store = folderCvStore(join(dir, "cvs"));
    const key = newCvKey();
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from("%PDF-1.7 bytes"));
    expect((await store.get(key))?.toString()).toBe("%PDF-1.7 bytes");
    expect(await readdir(join(dir, "cvs"))).toEqual([key]);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
  });

  it("deletes many files at once, taking files already gone in its stride", async () => {
    const store = folderCvStore(join(dir, "many"));
    const [kept, ...gone] = [newCvKey(), newCvKey(), newCvKey()];
    await Promise.all([kept!, gone[0]!].map((key) => store.put(key, Buffer.from("%PDF-"))));
    await deleteCvFiles([...gone, gone[0]!], store);
    expect(await readdir(join(dir, "many"))).toEqual([kept]);
  });

  it("sits beside the logos' folder, not in it", () => {
    expect(cvFolder({ LOGO_DIR: "/srv/data/pglite-logos" })).toBe("/srv/data/pglite-cvs");
    expect(cvFolder({ LOGO_DIR: "/srv/logos" })).toBe("/srv/cvs");
    expect(cvFolder({ LOGO_DIR: "/tmp/logos-x1" })).toBe("/tmp/logos-x1-cvs");
    // The default: beside DATA_DIR, as the logos' folder is.
    const env = readServerEnv({ DATA_DIR: "/var/board/pglite" });
    expect(cvFolder(env)).toBe("/var/board/pglite-cvs");
    expect(cvStore(env).kind).toBe("folder");
  });

  it("on PostgreSQL, is data/cvs beside data/logos, unless an earlier deployment's folders are there", async () => {
    const base = await mkdtemp(join(tmpdir(), "cv-folders-"));
    const data = join(base, "data");
    const onPostgres = {
      DATABASE_URL: "postgres://board@db/board",
      DATA_DIR: join(data, "pglite"),
    };
    try {
      // A new deployment: nothing named after PGlite.
      expect(readServerEnv(onPostgres).LOGO_DIR).toBe(join(data, "logos"));
      expect(cvFolder(readServerEnv(onPostgres))).toBe(join(data, "cvs"));
      // One from before keeps its files where they are...
      await mkdir(join(data, "pglite-logos"), { recursive: true });
      expect(cvFolder(readServerEnv(onPostgres))).toBe(join(data, "pglite-cvs"));
      // ...until they are moved to the new names.
      await mkdir(join(data, "logos"));
      expect(cvFolder(readServerEnv(onPostgres))).toBe(join(data, "cvs"));
      // The embedded database's are beside its data folder, as before.
      expect(cvFolder(readServerEnv({ DATA_DIR: join(data, "pglite") }))).toBe(
        join(data, "pglite-cvs"),
      );
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });

  it("is the bucket when S3_BUCKET is set", () => {
    const env = readServerEnv({ S3_BUCKET: "board", S3_REGION: "auto" });
    expect(cvStore(env).kind).toBe("s3");
  });
});

describe("the name a CV is offered under", () => {
  it.each([
    ["Jane Doe CV.pdf", "Jane Doe CV.pdf"],
    ["../../etc/passwd", "passwd.pdf"],
    ["C:\\Users\\jane\\CV.PDF", "CV.pdf"],
    ["cv\u202efdp.exe", "cvfdp.exe.pdf"],
    ['"quoted"\r\n.pdf', "quoted.pdf"],
    ["  ..hidden.pdf  ", "hidden.pdf"],
    ["", "cv.pdf"],
    [undefined, "cv.pdf"],
    ["Résumé – Jane.pdf", "Résumé – Jane.pdf"],
    [`${"x".repeat(300)}.pdf`, `${"x".repeat(96)}.pdf`],
  ])("%j is kept as %j", (given, kept) => {
    expect(cleanCvName(given)).toBe(kept);
  });

  it("is sent plain in ASCII and exactly in UTF-8", () => {
    expect(inlineCvDisposition("Résumé (Jane).pdf")).toBe(
      `inline; filename="R_sum_ (Jane).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28Jane%29.pdf`,
    );
  });
});

/*
 * The bucket, against a real S3 server speaking HTTP: TEST_S3_ENDPOINT, or moto's server
 * started here (as features/companies/tests/api/company-logo-s3.test.ts does). Skipped without either.
 */
const PORT = 3463;
const givenEndpoint = process.env.TEST_S3_ENDPOINT;
const motoInstalled =
  !givenEndpoint && spawnSync("moto_server", ["--help"], { stdio: "ignore" }).status === 0;
const endpoint = givenEndpoint ?? `http://127.0.0.1:${PORT}`;

describe.skipIf(!givenEndpoint && !motoInstalled)("the bucket store", () => {
  let server: ChildProcess | undefined;
  const bucket = `cvs-${Math.random().toString(36).slice(2, 8)}`;
  const settings = {
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "test",
    S3_SECRET_ACCESS_KEY: "test",
    S3_FORCE_PATH_STYLE: true,
  };
  const client = new S3Client({
    region: settings.S3_REGION,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
  });

  beforeAll(async () => {
    if (motoInstalled) {
      server = spawn("moto_server", ["-H", "127.0.0.1", "-p", String(PORT)], { stdio: "ignore" });
    }
    for (let attempt = 0; ; attempt += 1) {
      if (await fetch(endpoint).then(Boolean, () => false)) break;
      if (attempt > 100) throw new Error(`No S3 server answered at ${endpoint}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }, 30_000);

  afterAll(() => {
    server?.kill();
  });

  it("keeps CVs under cvs/, private, and refuses other keys", async () => {
    const store = s3CvStore(settings);
    const key = newCvKey();
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from("%PDF-1.7 in the bucket"));
    expect((await store.get(key))?.toString()).toBe("%PDF-1.7 in the bucket");
    expect(
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `${S3_CV_PREFIX}${key}` })),
    ).toMatchObject({ ContentType: "application/pdf", CacheControl: "private, no-store" });
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    await expect(store.get("../x")).rejects.toThrow("Not a CV's name");
  });
});
