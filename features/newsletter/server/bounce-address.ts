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
 *
 * The same scheme, `unsubscribe+{id}-{signature}@…` (its own purpose signed), is the mailto of
 * each issue's List-Unsubscribe (RFC 2369): any message to it unsubscribes that subscriber.
 */

const KEY_NAME = "newsletter-bounce-address";
const PATTERN = /^(bounce|unsubscribe)\+([1-9]\d{0,9})-([0-9a-f]{24})@(.{1,253})$/;

/** What an address of ours is for: bounces of a subscriber's mail, or their unsubscribing. */
export type SubscriberAddressKind = "bounce" | "unsubscribe";

const signature = (key: Buffer, subscriberId: number, kind: SubscriberAddressKind) =>
  createHmac("sha256", key).update(`${kind}:${subscriberId}`).digest("hex").slice(0, 24);

/** The envelope sender of mail to `subscriberId`; null when the board takes no mail in. */
export async function bounceAddress(
  db: Database,
  subscriberId: number,
  kind: SubscriberAddressKind = "bounce",
): Promise<string | null> {
  const domain = readServerEnv().INBOUND_MAIL_DOMAIN;
  if (!domain) return null;
  const mac = signature(await appSecret(db, KEY_NAME), subscriberId, kind);
  return `${kind}+${subscriberId}-${mac}@${domain}`;
}

/** The subscriber and kind `address` is for, or null when it is not one of ours. */
export async function readBounceAddress(
  db: Database,
  address: string,
): Promise<{ subscriberId: number; kind: SubscriberAddressKind } | null> {
  const domain = readServerEnv().INBOUND_MAIL_DOMAIN;
  const match = PATTERN.exec(address.trim().toLowerCase());
  if (!domain || !match || match[4] !== domain.toLowerCase()) return null;
  const key = await existingAppSecret(db, KEY_NAME);
  if (!key) return null;
  const kind = match[1] as SubscriberAddressKind;
  const subscriberId = Number(match[2]);
  const expected = Buffer.from(signature(key, subscriberId, kind));
  return timingSafeEqual(Buffer.from(match[3]!), expected) ? { subscriberId, kind } : null;
}
