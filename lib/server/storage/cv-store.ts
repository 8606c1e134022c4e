import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { readServerEnv, type ServerEnv } from "../env";
import { log } from "../log";
import {
  configuredFileStore,
  filePool,
  folderFileStore,
  s3FileStore,
  type FileKind,
  type FileStore,
  type S3Settings,
} from "./file-store";

/*
 * Candidates' CVs (issue 27): private files, kept where logos are (a folder on the instance's
 * disk, or the S3 bucket) but never served by name. A CV reaches only the people an answer is
 * authorised for (GET /api/profile/cv, `private, no-store`), which read it by the key in their
 * own row (candidate_cvs, job_applications). Keys are random, so a key found somewhere (a log
 * line, a backup listing) tells nothing about whose CV it is, and none can be guessed.
 */

export type CvStore = FileStore;

/** A CV's key: 32 random bytes in hex, and the format. */
export const CV_KEY_PATTERN = /^[0-9a-f]{64}\.pdf$/;

/** Where in the bucket CVs go: beside logos/, never under it. */
export const S3_CV_PREFIX = "cvs/";

const CV_FILES: FileKind = {
  owner: "a CV's",
  pattern: CV_KEY_PATTERN,
  prefix: S3_CV_PREFIX,
  contentType: "application/pdf",
  // Whatever serves the bucket, it must not keep these: they are personal.
  cacheControl: "private, no-store",
};

/** A new key for one upload: a key is never reused, so a file never changes under it. */
export const newCvKey = () => `${randomBytes(32).toString("hex")}.pdf`;

/**
 * The folder of CV files without a bucket: beside the logos' folder, named like it with `cvs`
 * for `logos` (data/pglite-logos → data/pglite-cvs), else with `-cvs` added. Beside and not
 * inside: the logos' folder holds public files, and whatever copies or serves it must not take
 * CVs with it. It follows LOGO_DIR, so a deployment that put logos on a lasting disk has its CVs
 * there too.
 */
export function cvFolder(env: Pick<ServerEnv, "LOGO_DIR">): string {
  const logos = basename(env.LOGO_DIR);
  const name = /logos$/.test(logos) ? logos.replace(/logos$/, "cvs") : `${logos}-cvs`;
  return join(dirname(env.LOGO_DIR), name);
}

/** CVs as files in one folder, made when the first is written. */
export const folderCvStore = (dir: string): CvStore => folderFileStore(dir, CV_FILES);

/** CVs as objects in an S3-compatible bucket, under cvs/. */
export const s3CvStore = (settings: S3Settings & { S3_BUCKET: string }): CvStore =>
  s3FileStore(settings, CV_FILES);

const configured = configuredFileStore(CV_FILES, cvFolder);

/** The store the environment configures: the S3 bucket when S3_BUCKET is set, else cvFolder. */
export function cvStore(env: ServerEnv = readServerEnv()): CvStore {
  return configured(env);
}

/**
 * Deletes CV files no row names any more, once the change that let go of them has committed.
 * A file already gone is no error; one that cannot be deleted is logged and left (nothing
 * links to it), never failing what the person asked for.
 */
export async function deleteCvFiles(keys: Iterable<string>, store: CvStore = cvStore()) {
  const pool = filePool();
  await Promise.all(
    [...new Set(keys)].map((key) =>
      pool(async () => {
        try {
          await store.delete(key);
        } catch (error) {
          log.warn({ err: error, cv: key }, "A CV file could not be deleted");
        }
      }),
    ),
  );
}
