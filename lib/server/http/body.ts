import type { IncomingMessage } from "node:http";
import { AppError, malformed } from "../errors";

/** The largest JSON body the API reads by default; job descriptions are the largest text. */
export const JSON_BODY_LIMIT = 64 * 1024;

type Readable = Pick<IncomingMessage, "headers"> & AsyncIterable<unknown>;

/**
 * A request's body, up to `limit` bytes; a longer one is refused with 413 before more is read.
 * (Next.js's own body parser answers such requests in plain text, so API routes turn it off
 * and the pipeline reads their bodies here.)
 */
export async function readRawBody(req: Readable, limit: number): Promise<Buffer> {
  const tooLarge = () =>
    new AppError(
      "payload_too_large",
      `The request body is larger than ${Math.round(limit / 1024)} kB`,
    );
  if (Number(req.headers["content-length"]) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > limit) throw tooLarge();
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Reading a body fails only on the client's own connection: it hung up before sending all
    // of it (Node's Error "aborted", code ECONNRESET). That is not the database's ECONNRESET,
    // which would log an outage and answer 503 (lib/unavailable.ts): it is the client's request.
    throw malformed("The request was cut off before its whole body arrived");
  }
  return Buffer.concat(chunks);
}

/** `raw` parsed as JSON (undefined when empty); 415 if it says it is not JSON, 400 if bad. */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  if (contentType && !/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    throw new AppError(
      "unsupported_media_type",
      "Send the body as JSON, with Content-Type: application/json",
    );
  }
  try {
    return JSON.parse(raw.toString("utf8")) as unknown;
  } catch {
    throw malformed("The request body is not valid JSON");
  }
}
