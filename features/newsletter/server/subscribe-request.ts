import { withMail } from "@/lib/server/queue/queue";
import type { Database } from "@/lib/server/db/client";
import { AppError, InvalidInput, malformed } from "@/lib/server/errors";
import type { RateLimit } from "@/lib/server/http/rate-limit";
import { BODY_NAMING } from "@/lib/validation/field-errors";
import { parseInput } from "@/lib/validation/input";
import { subscribeInputSchema, type SubscribeInput } from "../schemas";
import { subscribe } from "./subscribers";

/*
 * POST /api/newsletter/subscribers' body: JSON from scripts, or the /newsletter page's plain
 * form (form-encoded), which works before and without scripts. Either is read by one schema.
 */

/** Per address: a person signs up once or twice; a script trying addresses is held back. */
export const SUBSCRIBE_RATE_LIMIT: RateLimit = {
  name: "newsletter-subscribe",
  points: 10,
  seconds: 60 * 60,
  message: "Too many sign-ups from your network.",
};

/** The fields of a JSON or form-encoded body, before the schema reads them. */
export function subscriptionFields(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return {};
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    const fields: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(raw.toString("utf8"))) {
      const had = fields[name];
      fields[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
    return fields;
  }
  if (type === "" || /^application\/([\w.+-]+\+)?json$/.test(type)) {
    try {
      return JSON.parse(raw.toString("utf8")) as unknown;
    } catch {
      throw malformed("The request body is not valid JSON");
    }
  }
  throw new AppError(
    "unsupported_media_type",
    "Send the body as JSON, or form-encoded as the page's form does",
  );
}

/** The subscription in a request's body, or 422 with its field errors. */
export function readSubscription(raw: Buffer, contentType: string | undefined): SubscribeInput {
  const parsed = parseInput(
    subscribeInputSchema,
    subscriptionFields(raw, contentType),
    BODY_NAMING,
  );
  if (!parsed.ok) throw new InvalidInput(parsed.errors);
  return parsed.data;
}

/** Takes the subscription, queuing its confirmation mail with it. */
export async function takeSubscription(db: Database, input: SubscribeInput, now: Date) {
  await withMail(db, async (tx) => ({ result: null, mail: await subscribe(tx, input, now) }));
}
