import { importPKCS8, SignJWT } from "jose";
import { answerJson, answerText } from "@/lib/server/http/outside-answer";
import type { ServiceAccount } from "./config";

/*
 * Google's Indexing API (https://developers.google.com/search/apis/indexing-api/v3/using-api),
 * which Google takes for job posting pages: URL_UPDATED when a job is published or changed,
 * URL_DELETED when it leaves the board. It is called with an OAuth access token of a service
 * account, got by the JWT bearer grant (RFC 7523): an assertion signed with the account's key
 * (by jose) is exchanged at the account's token_uri. google-auth-library does the same, but posts
 * to Google's fixed token address whatever the key's token_uri says, which a test cannot stand in
 * for; this does only what the board needs, with each address overridable.
 */

export const INDEXING_SCOPE = "https://www.googleapis.com/auth/indexing";
const TIMEOUT_MS = 10_000;
/** Google's answers are a few hundred bytes; more is not read. */
const ANSWER_MAX_BYTES = 64 * 1024;
/** A token is used until this long before it expires. */
const TOKEN_MARGIN_MS = 60_000;

type CachedToken = { token: string; expiresAt: number };
const tokens = new Map<string, CachedToken>();

/** An access token for `account`, cached per account and token address until shortly before it expires. */
export async function googleAccessToken(
  account: ServiceAccount,
  now: number = Date.now(),
): Promise<string> {
  const cacheKey = `${account.client_email}\n${account.token_uri}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt - TOKEN_MARGIN_MS > now) return cached.token;

  const key = await importPKCS8(account.private_key, "RS256");
  const issuedAt = Math.floor(now / 1000);
  const assertion = await new SignJWT({ scope: INDEXING_SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(account.client_email)
    .setAudience(account.token_uri)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(key);
  const response = await fetch(account.token_uri, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await answerJson(response, ANSWER_MAX_BYTES).catch(() => ({}))) as {
    access_token?: unknown;
    expires_in?: unknown;
  };
  if (!response.ok || typeof body.access_token !== "string") {
    throw new Error(`Google's token endpoint answered ${response.status}`);
  }
  const lifetime = typeof body.expires_in === "number" ? body.expires_in : 3600;
  tokens.set(cacheKey, { token: body.access_token, expiresAt: now + lifetime * 1000 });
  return body.access_token;
}

/** Tells Google's Indexing API that `url` was updated or deleted; throws unless it accepts. */
export async function publishToGoogle(
  config: { account: ServiceAccount; endpoint: string },
  url: string,
  deleted: boolean,
): Promise<void> {
  const call = async (token: string) =>
    fetch(config.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ url, type: deleted ? "URL_DELETED" : "URL_UPDATED" }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  let response = await call(await googleAccessToken(config.account));
  if (response.status === 401) {
    // A token revoked or expired early: once more with a new one.
    await answerText(response, ANSWER_MAX_BYTES).catch(() => "");
    tokens.delete(`${config.account.client_email}\n${config.account.token_uri}`);
    response = await call(await googleAccessToken(config.account));
  }
  const text = await answerText(response, ANSWER_MAX_BYTES).catch(() => "");
  if (!response.ok) {
    throw new Error(`Google's Indexing API answered ${response.status}: ${text.slice(0, 200)}`);
  }
}
