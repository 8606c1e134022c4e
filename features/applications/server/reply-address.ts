import { createHmac, timingSafeEqual } from "node:crypto";
import type { MessageSide } from "@/features/applications/constants";
import { appSecret, existingAppSecret } from "@/lib/server/db/app-secrets";
import type { Database } from "@/lib/server/db/client";
import { readServerEnv } from "@/lib/server/env";

/*
 * The Reply-To of the mail that tells one side of an application's conversation of a message
 * (issue 42): `reply+{application id}-{e|c}-{signature}@{INBOUND_MAIL_DOMAIN}`, where `e` or `c`
 * says who answers by it (the employer, the candidate). The signature, HMAC-SHA256 with a key
 * made once per database, lets no one write into a conversation by guessing an address; the
 * reply inbox (reply-inbox.ts) also asks that the answer come from the address the mail went to.
 * Lower-case hex only: some mail servers lower-case the part before the @.
 */

const KEY_NAME = "application-reply-address";
const PATTERN = /^reply\+([1-9]\d{0,9})-([ec])-([0-9a-f]{24})@(.{1,253})$/;
const SIDES = { e: "employer", c: "candidate" } as const;

const signature = (key: Buffer, applicationId: number, side: MessageSide) =>
  createHmac("sha256", key).update(`reply:${applicationId}.${side}`).digest("hex").slice(0, 24);

/**
 * The address `side` answers application `applicationId`'s mail at; null when the board takes
 * no mail in (INBOUND_MAIL_DOMAIN unset): the mail then says to answer on the board.
 */
export async function replyAddress(
  db: Database,
  applicationId: number,
  side: MessageSide,
): Promise<string | null> {
  const domain = readServerEnv().INBOUND_MAIL_DOMAIN;
  if (!domain) return null;
  const mac = signature(await appSecret(db, KEY_NAME), applicationId, side);
  return `reply+${applicationId}-${side[0]}-${mac}@${domain}`;
}

/** Whose answer to which application `address` takes, or null when it is not one of ours. */
export async function readReplyAddress(
  db: Database,
  address: string,
): Promise<{ applicationId: number; side: MessageSide } | null> {
  const domain = readServerEnv().INBOUND_MAIL_DOMAIN;
  const match = PATTERN.exec(address.trim().toLowerCase());
  if (!domain || !match || match[4] !== domain.toLowerCase()) return null;
  const key = await existingAppSecret(db, KEY_NAME);
  if (!key) return null;
  const applicationId = Number(match[1]);
  const side = SIDES[match[2] as keyof typeof SIDES];
  const expected = Buffer.from(signature(key, applicationId, side));
  if (!timingSafeEqual(Buffer.from(match[3]!), expected)) return null;
  return { applicationId, side };
}
