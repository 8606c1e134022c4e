import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Database } from "@/lib/server/db/client";
import { appSecret } from "@/lib/server/db/app-secrets";
import { readServerEnv } from "@/lib/server/env";

/*
 * The channels' credentials at rest (social_channels.secret): JSON sealed with AES-256-GCM
 * (node:crypto; no library adds anything to two calls), under SOCIAL_SECRET_KEY, or a key the app
 * made and keeps in app_secrets. "v1." + base64url of iv (12 bytes), tag (16) and ciphertext.
 */

async function key(db: Database): Promise<Buffer> {
  const configured = readServerEnv().SOCIAL_SECRET_KEY;
  if (configured) {
    const bytes = /^[0-9a-f]{64}$/i.test(configured)
      ? Buffer.from(configured, "hex")
      : Buffer.from(configured, "base64");
    if (bytes.length !== 32) throw new Error("SOCIAL_SECRET_KEY must be 32 bytes (64 hex digits)");
    return bytes;
  }
  return appSecret(db, "social-channels-key");
}

export async function sealSecret(db: Database, value: Record<string, string>): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await key(db), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

export async function openSecret(db: Database, sealed: string): Promise<Record<string, string>> {
  if (!sealed.startsWith("v1.")) throw new Error("Unknown sealed secret");
  const bytes = Buffer.from(sealed.slice(3), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", await key(db), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  return JSON.parse(text.toString("utf8")) as Record<string, string>;
}
