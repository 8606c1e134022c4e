import type { IncomingMessage } from "node:http";
import { HttpError } from "./errors";

/** The largest JSON body the API reads by default; job descriptions are the largest text. */
export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * A request's body, up to `limit` bytes; a longer one is refused with 413 before more is read.
 * (Next.js's own body parser answers such requests in plain text, so API routes turn it off
 * and read their bodies here.)
 */
export async function readRawBody(
  req: Pick<IncomingMessage, "headers"> & AsyncIterable<unknown>,
  limit: number,
): Promise<Buffer> {
  const tooLarge = () =>
    new HttpError(413, `The request body is larger than ${Math.round(limit / 1024)} kB`);
  if (Number(req.headers["content-length"]) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) throw tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The body parsed as JSON (undefined when empty); 415 if it says it is not JSON, 400 if bad. */
export async function readJsonBody(
  req: Pick<IncomingMessage, "headers"> & AsyncIterable<unknown>,
  limit: number = JSON_BODY_LIMIT,
): Promise<unknown> {
  const raw = await readRawBody(req, limit);
  if (raw.length === 0) return undefined;
  const type = req.headers["content-type"];
  if (type && !/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new HttpError(415, "Send the body as JSON, with Content-Type: application/json");
  }
  try {
    return JSON.parse(raw.toString("utf8")) as unknown;
  } catch {
    throw new HttpError(400, "The request body is not valid JSON");
  }
}
