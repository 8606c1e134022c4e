import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { LOGO_CACHE_CONTROL, LOGO_NAME_PATTERN } from "@/lib/logos";
import { readServerEnv, type ServerEnv } from "../env";

/**
 * Where logo files live: a folder (LOGO_DIR, the embedded default) or an S3-compatible bucket
 * (S3_BUCKET and the rest). Names are content hashes (lib/logos.ts): a file, once written, never
 * changes, so writing one that exists already does nothing. A name that is not a logo's is
 * refused before any path or key is made of it.
 */
export interface LogoStore {
  readonly kind: "folder" | "s3";
  put(name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none of that name. */
  get(name: string): Promise<Buffer | null>;
  delete(name: string): Promise<void>;
}

function checkedName(name: string): string {
  if (!LOGO_NAME_PATTERN.test(name)) throw new Error(`Not a logo's name: ${JSON.stringify(name)}`);
  return name;
}

const isMissing = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === "ENOENT";

/** Logos as files in one folder, made when the first is written. */
export function folderLogoStore(dir: string): LogoStore {
  const pathOf = (name: string) => join(dir, checkedName(name));
  return {
    kind: "folder",
    async put(name, bytes) {
      const path = pathOf(name);
      if (
        await stat(path).then(
          () => true,
          (error: unknown) => (isMissing(error) ? false : Promise.reject(error)),
        )
      )
        return;
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = join(dir, `.${name}.${randomUUID()}.partial`);
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(name) {
      try {
        return await readFile(pathOf(name));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}

type S3Settings = Pick<
  ServerEnv,
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

/** Where in the bucket logos go: under logos/, so the bucket may hold other things too. */
export const S3_LOGO_PREFIX = "logos/";

/** Logos as objects in an S3-compatible bucket. */
export function s3LogoStore(settings: S3Settings & { S3_BUCKET: string }): LogoStore {
  const client = new S3Client({
    region: settings.S3_REGION,
    ...(settings.S3_ENDPOINT && { endpoint: settings.S3_ENDPOINT }),
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    ...(settings.S3_ACCESS_KEY_ID &&
      settings.S3_SECRET_ACCESS_KEY && {
        credentials: {
          accessKeyId: settings.S3_ACCESS_KEY_ID,
          secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
        },
      }),
  });
  const Bucket = settings.S3_BUCKET;
  const keyOf = (name: string) => `${S3_LOGO_PREFIX}${checkedName(name)}`;
  return {
    kind: "s3",
    async put(name, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentType: "image/webp",
          CacheControl: LOGO_CACHE_CONTROL,
        }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(name) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
  };
}

let cached: { key: string; store: LogoStore } | undefined;

/** The store the environment configures: the S3 bucket when S3_BUCKET is set, else LOGO_DIR. */
export function logoStore(env: ServerEnv = readServerEnv()): LogoStore {
  const key = JSON.stringify([
    env.LOGO_DIR,
    env.S3_BUCKET,
    env.S3_REGION,
    env.S3_ENDPOINT,
    env.S3_ACCESS_KEY_ID,
    env.S3_SECRET_ACCESS_KEY,
    env.S3_FORCE_PATH_STYLE,
  ]);
  if (cached?.key !== key) {
    const store = env.S3_BUCKET
      ? s3LogoStore({ ...env, S3_BUCKET: env.S3_BUCKET })
      : folderLogoStore(env.LOGO_DIR);
    cached = { key, store };
  }
  return cached.store;
}
