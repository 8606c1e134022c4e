import { answerText } from "@/lib/server/http/outside-answer";
import { siteUrl } from "@/lib/server/mail/links";
import { INDEXNOW_KEY_PATH } from "./config";

/*
 * IndexNow (https://www.indexnow.org/documentation): one POST tells every participating engine
 * (the shared endpoint passes it on) that these URLs changed; a URL that is gone is submitted the
 * same way, and the engine finds its page closed when it fetches it. The key proves the site is
 * ours: the engine fetches it from keyLocation, on the same host as the URLs.
 */

const TIMEOUT_MS = 10_000;
/** What of an answer is read: its first 200 characters are all an error quotes. */
const ANSWER_MAX_BYTES = 4 * 1024;
/** The protocol's limit per request. */
export const INDEXNOW_MAX_URLS = 10_000;

export type IndexNowBody = { host: string; key: string; keyLocation: string; urlList: string[] };

/** The body telling of `urls` (all on this site). */
export function indexNowBody(key: string, urls: readonly string[]): IndexNowBody {
  const site = siteUrl();
  return {
    host: new URL(site).host,
    key,
    keyLocation: `${site}${INDEXNOW_KEY_PATH}`,
    urlList: [...urls],
  };
}

/**
 * Submits `urls` to IndexNow; throws unless the endpoint accepts them (200, or 202 while it has
 * yet to check the key), so that the queue tries again later.
 */
export async function submitToIndexNow(
  config: { key: string; endpoint: string },
  urls: readonly string[],
): Promise<void> {
  for (let start = 0; start < urls.length; start += INDEXNOW_MAX_URLS) {
    const response = await fetch(config.endpoint, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(indexNowBody(config.key, urls.slice(start, start + INDEXNOW_MAX_URLS))),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // The answer's body says nothing more than its status; read it so the connection is reused.
    const text = await answerText(response, ANSWER_MAX_BYTES).catch(() => "");
    if (response.status !== 200 && response.status !== 202) {
      throw new Error(`IndexNow answered ${response.status}: ${text.slice(0, 200)}`);
    }
  }
}
