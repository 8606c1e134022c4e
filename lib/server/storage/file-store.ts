import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import pLimit from "p-limit";
import type { ServerEnv } from "../env";

/*
 * Uploaded files the server keeps (company logos, candidates' CVs), in one of two places: a
 * folder on the instance's disk (the embedded default) or an S3-compatible bucket (S3_BUCKET and
 * the rest), each kind of file in its own folder or key prefix. Each kind names its files by a
 * pattern of its own, and a name that does not match is refused before any path or key is made
 * of it: no request can reach a file of another kind, or one outside the store.
 */

/** A kind of file: how its names look, and how the bucket describes its objects. */
export type FileKind = {
  /** Who the names belong to, in the error for a name that does not match: "a logo's". */
  owner: string;
  pattern: RegExp;
  /** Where in the bucket the kind's objects go, so that the bucket may hold other things. */
  prefix: string;
  contentType: string;
  cacheControl: string;
};

/**
 * A store of one kind of file. A name, once written, never changes what it holds (logos are
 * named by their hash, CVs by a random key made for one upload), so writing a name that exists
 * already does nothing.
 */
export interface FileStore {
  readonly kind: "folder" | "s3";
  put(name: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none of that name. */
  get(name: string): Promise<Buffer | null>;
  /** Deletes the file; none of that name is no error. */
  delete(name: string): Promise<void>;
}

/**
 * How many files one piece of work (a seed's CVs, a cleanup's deletions) reads or writes at
 * once. Unbounded, the 16,000 CVs of a million-job sample board opened as many files at once and
 * failed with EMFILE (issue 48); a bucket's client would queue as many sockets.
 */
export const FILES_AT_ONCE = 16;

/** A pool that runs the functions given it FILES_AT_ONCE at a time (p-limit). */
export const filePool = () => pLimit(FILES_AT_ONCE);

function nameChecker(kind: FileKind) {
  return (name: string): string => {
    if (!kind.pattern.test(name))
      throw new Error(`Not ${kind.owner} name: ${JSON.stringify(name)}`);
    return name;
  };
}

const isMissing = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === "ENOENT";

/** Files in one folder, made when the first is written. */
export function folderFileStore(dir: string, kind: FileKind): FileStore {
  const checkedName = nameChecker(kind);
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

export type S3Settings = Pick<
  ServerEnv,
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

/**
 * Files as objects in an S3-compatible bucket, under the kind's prefix. The AWS SDK is loaded
 * with the first file read or written, not with the server (issue 48).
 */
export function s3FileStore(
  settings: S3Settings & { S3_BUCKET: string },
  kind: FileKind,
): FileStore {
  let connected: Promise<{ sdk: typeof import("@aws-sdk/client-s3"); client: S3Client }>;
  const connect = () =>
    (connected ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client(clientSettings),
    })));
  const clientSettings = {
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
  };
  const Bucket = settings.S3_BUCKET;
  const checkedName = nameChecker(kind);
  const keyOf = (name: string) => `${kind.prefix}${checkedName(name)}`;
  return {
    kind: "s3",
    async put(name, bytes) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentType: kind.contentType,
          CacheControl: kind.cacheControl,
        }),
      );
    },
    async get(name) {
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(name) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        if (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async delete(name) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(name) }));
    },
  };
}

/**
 * The store the environment configures for a kind, made again only when the settings change:
 * the S3 bucket when S3_BUCKET is set, else the kind's folder (`folderOf` reads it from the
 * environment).
 */
export function configuredFileStore(kind: FileKind, folderOf: (env: ServerEnv) => string) {
  let cached: { key: string; store: FileStore } | undefined;
  return (env: ServerEnv): FileStore => {
    const dir = folderOf(env);
    const key = JSON.stringify([
      dir,
      env.S3_BUCKET,
      env.S3_REGION,
      env.S3_ENDPOINT,
      env.S3_ACCESS_KEY_ID,
      env.S3_SECRET_ACCESS_KEY,
      env.S3_FORCE_PATH_STYLE,
    ]);
    if (cached?.key !== key) {
      const store = env.S3_BUCKET
        ? s3FileStore({ ...env, S3_BUCKET: env.S3_BUCKET }, kind)
        : folderFileStore(dir, kind);
      cached = { key, store };
    }
    return cached.store;
  };
}
