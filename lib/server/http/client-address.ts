import type { NextApiRequest } from "next";
import { readServerEnv } from "../env";

/**
 * The address a request came from. Behind a reverse proxy (TRUST_PROXY=true) that is the last
 * address in X-Forwarded-For, the one the proxy itself added: earlier ones are the client's
 * word and can be forged. Without a proxy the header is ignored for the same reason.
 */
export function clientAddress(req: Pick<NextApiRequest, "headers" | "socket">): string {
  if (readServerEnv().TRUST_PROXY === "true") {
    const forwarded = req.headers["x-forwarded-for"];
    const list = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",");
    const last = list.map((address) => address.trim()).findLast(Boolean);
    if (last) return last;
  }
  return req.socket?.remoteAddress ?? "unknown";
}
