import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "@/lib/server/db/client";
import { appSecret, existingAppSecret } from "@/lib/server/db/app-secrets";

/*
 * The token in an alert's unsubscribe links: `{user id}.{issued at, Unix seconds}.{signature}`,
 * the signature HMAC-SHA256 over the first two with a key made once per database (app_secrets).
 * It lets whoever holds the mail turn that person's alerts off, without signing in, for 60 days;
 * it grants nothing else. Short and URL-safe as it is (digits, dots, base64url), so mail clients
 * do not wrap or mangle the link.
 */

export const UNSUBSCRIBE_KEY_NAME = "unsubscribe-token";
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

const TOKEN_LIFETIME_MS = UNSUBSCRIBE_TOKEN_DAYS * 24 * 60 * 60 * 1000;
/** A token "issued" further ahead than this was not issued by a clock we trust. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const TOKEN_PATTERN = /^([1-9]\d{0,9})\.(\d{1,12})\.([\w-]{43})$/;

/** The key alert tokens are signed with, on this database; made on first use. */
export const unsubscribeKey = (db: Database) => appSecret(db, UNSUBSCRIBE_KEY_NAME);

/** The key to check tokens with, or null before any token was signed on this database. */
export const existingUnsubscribeKey = (db: Database) => existingAppSecret(db, UNSUBSCRIBE_KEY_NAME);

/**
 * What a token unsubscribes from: alerts (an account's id, the default), or the newsletter (a
 * subscriber's id, features/newsletter). The purpose is signed too: a token of one kind is
 * never taken for the other, though both are signed with this one key.
 */
export type UnsubscribePurpose = "unsubscribe" | "newsletter";

const signature = (
  key: Buffer,
  userId: number,
  issuedAt: number,
  purpose: UnsubscribePurpose = "unsubscribe",
) => createHmac("sha256", key).update(`${purpose}:${userId}.${issuedAt}`).digest();

/** A token for `userId` (a subscriber's id for the newsletter), issued at `now`. */
export function signUnsubscribeToken(
  key: Buffer,
  userId: number,
  now: Date,
  purpose?: UnsubscribePurpose,
): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${userId}.${issuedAt}.${signature(key, userId, issuedAt, purpose).toString("base64url")}`;
}

export type TokenCheck =
  | { ok: true; userId: number; issuedAt: Date }
  /** `invalid`: not a token of ours (malformed, forged, altered); `expired`: older than 60 days. */
  | { ok: false; reason: "invalid" | "expired" };

/**
 * Whether `token` is one of ours for `purpose`, still valid at `now` (`lifetimeMs` after it was
 * issued: 60 days unless said), and for whom.
 */
export function verifyUnsubscribeToken(
  key: Buffer,
  token: string,
  now: Date,
  {
    purpose,
    lifetimeMs = TOKEN_LIFETIME_MS,
  }: { purpose?: UnsubscribePurpose; lifetimeMs?: number } = {},
): TokenCheck {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const userId = Number(match[1]);
  const issuedAt = Number(match[2]);
  // Compared as text: base64url decoding ignores stray low bits, so two spellings could decode
  // to the same bytes; only the one spelling we issue is taken. Both are 43 characters.
  const expected = Buffer.from(signature(key, userId, issuedAt, purpose).toString("base64url"));
  if (!timingSafeEqual(Buffer.from(match[3]!), expected)) return { ok: false, reason: "invalid" };
  const issued = issuedAt * 1000;
  if (issued > now.getTime() + CLOCK_SKEW_MS) return { ok: false, reason: "invalid" };
  if (now.getTime() - issued > lifetimeMs) return { ok: false, reason: "expired" };
  return { ok: true, userId, issuedAt: new Date(issued) };
}
