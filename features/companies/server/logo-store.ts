import { LOGO_CACHE_CONTROL, LOGO_NAME_PATTERN } from "@/lib/logos/logos";
import { readServerEnv, type ServerEnv } from "@/lib/server/env";
import {
  configuredFileStore,
  folderFileStore,
  s3FileStore,
  type FileKind,
  type FileStore,
  type S3Settings,
} from "@/lib/server/storage/file-store";

/**
 * Where logo files live: a folder (LOGO_DIR, the embedded default) or an S3-compatible bucket
 * (S3_BUCKET and the rest), through the shared file store (lib/server/storage/file-store.ts).
 * Names are content hashes (lib/logos/logos.ts): a file, once written, never changes, so writing
 * one that exists already does nothing. A name that is not a logo's is refused before any path or
 * key is made of it.
 */
export type LogoStore = FileStore;

/** Where in the bucket logos go: under logos/, so the bucket may hold other things too. */
export const S3_LOGO_PREFIX = "logos/";

const LOGO_FILES: FileKind = {
  owner: "a logo's",
  pattern: LOGO_NAME_PATTERN,
  prefix: S3_LOGO_PREFIX,
  contentType: "image/webp",
  cacheControl: LOGO_CACHE_CONTROL,
};

/** Logos as files in one folder, made when the first is written. */
export const folderLogoStore = (dir: string): LogoStore => folderFileStore(dir, LOGO_FILES);

/** Logos as objects in an S3-compatible bucket. */
export const s3LogoStore = (settings: S3Settings & { S3_BUCKET: string }): LogoStore =>
  s3FileStore(settings, LOGO_FILES);

const configured = configuredFileStore(LOGO_FILES, (env) => env.LOGO_DIR);

/** The store the environment configures: the S3 bucket when S3_BUCKET is set, else LOGO_DIR. */
export function logoStore(env: ServerEnv = readServerEnv()): LogoStore {
  return configured(env);
}
