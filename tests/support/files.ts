import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { cvFolder } from "@/lib/server/storage/cv-store";

/**
 * A temporary folder for the files the app keeps, for the test file (or the describe block):
 * LOGO_DIR points at its `logos` folder, made empty before the file's tests, so the CVs, which
 * follow LOGO_DIR (cvFolder), go to its `cvs` folder (made by the first CV). LOGO_DIR is set in
 * a `beforeAll` and again before each test (an `afterEach` that calls `vi.unstubAllEnvs` undoes
 * it); the `afterAll` unstubs every variable and removes the folder. Call this before the file's
 * own hooks. The paths are known at once; the folders exist while the tests run.
 */
export function setUpTempFileStores(): { root: string; logoDir: string; cvDir: string } {
  const root = join(tmpdir(), `creator-jobs-files-${randomBytes(6).toString("hex")}`);
  const logoDir = join(root, "logos");
  const cvDir = cvFolder({ LOGO_DIR: logoDir });
  beforeAll(() => {
    mkdirSync(logoDir, { recursive: true });
    vi.stubEnv("LOGO_DIR", logoDir);
  });
  beforeEach(() => {
    vi.stubEnv("LOGO_DIR", logoDir);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(root, { recursive: true, force: true });
  });
  return { root, logoDir, cvDir };
}
