import { createHmac, timingSafeEqual } from "node:crypto";
import { appSecret, existingAppSecret } from "@/lib/server/db/app-secrets";
import type { Database } from "@/lib/server/db/client";
import { readServerEnv } from "@/lib/server/env";

/*
 * The envelope sender (Return-Path) of each newsletter mail (issue 66): a VERP address,
 * `bounce+{subscriber id}-{signature}@{INBOUND_MAIL_DOMAIN}`, where mail servers send their
 * delivery reports and feedback loops their complaints. The reply inbox takes them
 * (features/applications/server/reply-inbox.ts, through bounces.ts's recipient kind). Signed as
 * the reply addresses are (HMAC-SHA256, a key made once per database, lower-case hex), so no
 * one stops another's mail by guessing an address.
 */

const KEY_NAME = "newsletter-bounce-address";
const PATTERN = /^bounce\+([1-9]\d{0,9})-([0-9a-f]{24})@(.{1,253})$/;

const signature = (key: Buffer, subscriberId: number) =>
  createHmac("sha256", key).update(`bounce:${subscriberId}`).digest("hex").slice(0, 24);

/** The envelope sender of mail to `subscriberId`; null when the board takes no mail in. */
export async function bounceAddress(db: Database, subscriberId: number): Promise<string | null> {
  const domain = readServerEnv().INBOUND_MAIL_DOMAIN;
  if (!domain) return null;
  return `bounce+${subscriberId}-${signature(await appSecret(db, KEY_NAME), subscriberId)}@${domain}`;
}

/** The subscriber whose bounces `address` takes, or null when it is not one of ours. */
export async function readBounceAddress(db: Database, address: string): Promise<number | null> {
  const domain = readServerEnv().INBOUND_MAIL_DOMAIN;
  const match = PATTERN.exec(address.trim().toLowerCase());
  if (!domain || !match || match[3] !== domain.toLowerCase()) return null;
  const key = await existingAppSecret(db, KEY_NAME);
  if (!key) return null;
  const subscriberId = Number(match[1]);
  const expected = Buffer.from(signature(key, subscriberId));
  return timingSafeEqual(Buffer.from(match[2]!), expected) ? subscriberId : null;
}
