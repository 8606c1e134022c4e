import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  existingUnsubscribeKey,
  signUnsubscribeToken,
  unsubscribeKey,
  verifyUnsubscribeToken,
} from "@/features/alerts/server/unsubscribe-token";
import type { Database } from "@/lib/server/db/client";
import { newsletterSubscribers } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import type { SubscribeInput } from "../schemas";
import "./mail/messages";

/*
 * The newsletter's subscribers (issue 66): an address and what it wants, no account. Double
 * opt-in: a subscription is mailed nothing but its confirmation link until that link is used.
 * The answer to a subscription is the same whatever the address's state, and an address gets at
 * most CONFIRM_MAILS confirmation mails, one per CONFIRM_INTERVAL_MS, before it confirms: the
 * form cannot be used to flood someone's inbox, nor to learn who is subscribed.
 */

/** A confirmation link works this long after it was mailed. */
export const CONFIRM_DAYS = 7;
const CONFIRM_MS = CONFIRM_DAYS * 24 * 60 * 60 * 1000;
/** At most one confirmation mail an hour to an address, and this many before it confirms. */
export const CONFIRM_INTERVAL_MS = 60 * 60 * 1000;
export const CONFIRM_MAILS = 5;

/** How long a newsletter's unsubscribe link works: a year, as old issues stay in inboxes. */
export const UNSUBSCRIBE_DAYS = 365;

const hash = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A confirmation token: `{subscriber id}.{secret}`; only the secret's hash is stored. */
function newConfirmToken(subscriberId: number) {
  const secret = randomBytes(24).toString("base64url");
  return { token: `${subscriberId}.${secret}`, tokenHash: hash(secret) };
}

const CONFIRM_PATTERN = /^([1-9]\d{0,9})\.([\w-]{32})$/;

/**
 * Takes a subscription: a new address is kept pending and mailed its confirmation link; a
 * pending, unsubscribed or bounced one is mailed a new link (within the bounds above) with what
 * it now asks for; a confirmed one, or one that complained of our mail, changes nothing (what a
 * stranger types must not change someone's choices). Returns the mail to queue with the change.
 */
export async function subscribe(
  tx: Database,
  input: SubscribeInput,
  now: Date,
): Promise<MailMessage[]> {
  const normalized = input.email.toLowerCase();
  const [inserted] = await tx
    .insert(newsletterSubscribers)
    .values({
      email: input.email,
      emailNormalized: normalized,
      departments: input.departments,
      regions: input.regions,
    })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.emailNormalized, normalized))
    .for("update");
  if (!row) return [];
  const fresh = inserted !== undefined;
  if (!fresh) {
    if (row.status === "confirmed" || row.status === "complained") return [];
    const recent =
      row.confirmSentAt !== null &&
      now.getTime() - row.confirmSentAt.getTime() < CONFIRM_INTERVAL_MS;
    if (recent || row.confirmMails >= CONFIRM_MAILS) return [];
  }
  const { token, tokenHash } = newConfirmToken(row.id);
  await tx
    .update(newsletterSubscribers)
    .set({
      email: input.email,
      departments: input.departments,
      regions: input.regions,
      status: "pending",
      confirmTokenHash: tokenHash,
      confirmSentAt: now,
      confirmMails: sql`${newsletterSubscribers.confirmMails} + 1`,
      updatedAt: now,
    })
    .where(eq(newsletterSubscribers.id, row.id));
  return [
    {
      template: "newsletter-confirm",
      to: input.email,
      props: { token, departments: input.departments, regions: input.regions },
    },
  ];
}

export type ConfirmLink =
  | { state: "valid"; email: string }
  | { state: "confirmed" }
  /** invalid: not ours, or used already; expired: mailed over CONFIRM_DAYS ago. */
  | { state: "invalid" | "expired" };

async function confirmTarget(db: Database, token: string, now: Date, lock: boolean) {
  const match = CONFIRM_PATTERN.exec(token);
  if (!match) return { state: "invalid" as const };
  const query = db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, Number(match[1])));
  const [row] = lock ? await query.for("update") : await query;
  if (!row?.confirmTokenHash) return { state: "invalid" as const };
  const matches = timingSafeEqual(Buffer.from(hash(match[2]!)), Buffer.from(row.confirmTokenHash));
  if (!matches) return { state: "invalid" as const };
  // Used already: said so, and nothing changes. (Unsubscribing, a bounce or a new link clears or
  // replaces the hash, so an old link never subscribes again someone who left.)
  if (row.status === "confirmed") return { state: "confirmed" as const };
  if (row.status !== "pending") return { state: "invalid" as const };
  if (!row.confirmSentAt || now.getTime() - row.confirmSentAt.getTime() > CONFIRM_MS) {
    return { state: "expired" as const };
  }
  return { state: "valid" as const, row };
}

/** What a confirmation link would do; changes nothing (the page asks before it confirms). */
export async function readConfirmLink(
  db: Database,
  token: string,
  now: Date,
): Promise<ConfirmLink> {
  const target = await confirmTarget(db, token, now, false);
  return target.state === "valid" ? { state: "valid", email: target.row.email } : target;
}

/** Confirms the subscription `token` is for, once: used again, it changes nothing. */
export async function confirmSubscription(
  db: Database,
  token: string,
  now: Date,
): Promise<ConfirmLink> {
  return db.transaction(async (tx) => {
    const target = await confirmTarget(tx, token, now, true);
    if (target.state !== "valid") return target;
    await tx
      .update(newsletterSubscribers)
      .set({
        status: "confirmed",
        confirmedAt: now,
        confirmMails: 0,
        stoppedAt: null,
        stopDetail: null,
        updatedAt: now,
      })
      .where(eq(newsletterSubscribers.id, target.row.id));
    return { state: "valid", email: target.row.email };
  });
}

/** The token of a subscriber's unsubscribe links (alerts' signed token, for the newsletter). */
export async function unsubscribeTokenFor(db: Database, subscriberId: number, now: Date) {
  return signUnsubscribeToken(await unsubscribeKey(db), subscriberId, now, "newsletter");
}

export type UnsubscribeLink =
  | { state: "valid"; subscriberId: number; email: string; subscribed: boolean }
  | { state: "invalid" | "expired" | "deleted" };

async function checkUnsubscribe(db: Database, token: string, now: Date) {
  const key = await existingUnsubscribeKey(db);
  if (!key) return { ok: false as const, reason: "invalid" as const };
  return verifyUnsubscribeToken(key, token, now, {
    purpose: "newsletter",
    lifetimeMs: UNSUBSCRIBE_DAYS * 24 * 60 * 60 * 1000,
  });
}

const STILL_MAILED = ["pending", "confirmed"] as const;

/** Whom an unsubscribe link is for, and whether they are still subscribed; changes nothing. */
export async function readUnsubscribeLink(
  db: Database,
  token: string,
  now: Date,
): Promise<UnsubscribeLink> {
  const checked = await checkUnsubscribe(db, token, now);
  if (!checked.ok) return { state: checked.reason };
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, checked.userId));
  if (!row) return { state: "deleted" };
  return {
    state: "valid",
    subscriberId: row.id,
    email: row.email,
    subscribed: (STILL_MAILED as readonly string[]).includes(row.status),
  };
}

/** Unsubscribes whom `token` is for: no confirmation asked (RFC 8058 one-click). */
/** Stops the newsletter for `subscriberId` (still mailed, that is pending or confirmed). */
export async function unsubscribeSubscriber(db: Database, subscriberId: number, now: Date) {
  await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", stoppedAt: now, confirmTokenHash: null, updatedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.id, subscriberId),
        inArray(newsletterSubscribers.status, [...STILL_MAILED]),
      ),
    );
}

export async function unsubscribeWithToken(
  db: Database,
  token: string,
  now: Date,
): Promise<UnsubscribeLink> {
  const checked = await checkUnsubscribe(db, token, now);
  if (!checked.ok) return { state: checked.reason };
  await unsubscribeSubscriber(db, checked.userId, now);
  const link = await readUnsubscribeLink(db, token, now);
  return link;
}

/**
 * Stops all mail to a subscriber whose address bounced for good or who complained of our
 * mail; `detail` says why (a DSN's status, a feedback type). An unsubscribed one stays so.
 */
export async function stopSubscriber(
  db: Database,
  subscriberId: number,
  status: "bounced" | "complained",
  detail: string,
  now: Date,
): Promise<boolean> {
  const stopped = await db
    .update(newsletterSubscribers)
    .set({
      status,
      stopDetail: detail.slice(0, 200),
      stoppedAt: now,
      confirmTokenHash: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(newsletterSubscribers.id, subscriberId),
        inArray(newsletterSubscribers.status, [...STILL_MAILED, "bounced"]),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return stopped.length > 0;
}
