/*
 * One call to a channel's API, within bounds of time and memory, its answer sorted into what the
 * posting job does next (features/social/server/posting.ts): done, wait (429, or the channel's
 * own limit), try again (5xx, not reached), stop (refused: a 4xx the owner must fix), or unknown
 * (the request went and no answer came: it may have been posted).
 */

/** The call was not made, or was refused: tried again later (`retry`) or not. */
export class ChannelError extends Error {
  constructor(
    message: string,
    /** Worth trying again (5xx, connection refused); false: the owner must fix something. */
    readonly retry: boolean,
    /** The channel asked to wait this long first (429 Retry-After, its rate limit's reset). */
    readonly waitSeconds?: number,
    /** The request was sent and no answer came: it may have been posted. */
    readonly unknown = false,
  ) {
    super(message);
    this.name = "ChannelError";
  }
}

const TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 256 * 1024;

export type Answer = { status: number; headers: Headers; json: unknown; text: string };

/** Seconds to wait before calling again, from an answer's headers (at most a day). */
export function waitFromHeaders(headers: Headers, now = Date.now()): number | undefined {
  const bound = (seconds: number) =>
    Number.isFinite(seconds) && seconds >= 0
      ? Math.min(Math.ceil(seconds), 24 * 60 * 60)
      : undefined;
  const retryAfter = headers.get("retry-after");
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter.trim())) return bound(Number(retryAfter));
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return bound((date - now) / 1000);
  }
  // X (x-rate-limit-reset) and Bluesky (ratelimit-reset): epoch seconds; Mastodon: an ISO time.
  const reset =
    headers.get("x-rate-limit-reset") ??
    headers.get("ratelimit-reset") ??
    headers.get("x-ratelimit-reset");
  if (reset) {
    const epoch = /^\d+$/.test(reset.trim()) ? Number(reset) * 1000 : Date.parse(reset);
    if (!Number.isNaN(epoch)) return bound((epoch - now) / 1000);
  }
  return undefined;
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ChannelError("The channel's answer was too large", true);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Calls `url`. Answers 2xx (and, for APIs that answer errors with 200 such as Slack's and
 * Telegram's, whatever `accept` lets through); throws ChannelError otherwise.
 */
export async function call(
  channel: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { "user-agent": "creator-jobs-social/1", ...init.headers },
      body: init.body,
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? "";
    // Not reached (no connection made): nothing was sent, safe to try again.
    if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET_BEFORE|EHOSTUNREACH|ENETUNREACH/.test(cause)) {
      throw new ChannelError(`${channel} could not be reached (${cause})`, true);
    }
    throw new ChannelError(
      `${channel} did not answer in time: it may have been posted`,
      false,
      undefined,
      true,
    );
  }
  const text = await readBounded(response).catch((error: unknown) => {
    if (error instanceof ChannelError) throw error;
    throw new ChannelError(
      `${channel}'s answer broke off: it may have been posted`,
      false,
      undefined,
      true,
    );
  });
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const answer = { status: response.status, headers: response.headers, json, text };
  if (response.status === 429) {
    const body = json as { retry_after?: number; parameters?: { retry_after?: number } } | null;
    const seconds =
      waitFromHeaders(response.headers) ?? body?.retry_after ?? body?.parameters?.retry_after ?? 60;
    throw new ChannelError(`${channel} asked to wait (rate limit)`, true, Math.ceil(seconds));
  }
  if (response.status >= 500) {
    throw new ChannelError(`${channel} answered ${response.status}`, true);
  }
  if (response.status >= 400) {
    throw new ChannelError(
      `${channel} refused it (${response.status}): ${describe(json, text)}`,
      false,
    );
  }
  return answer;
}

/** An error answer in a line: its message field where it has one. */
export function describe(json: unknown, text: string): string {
  const body = json as Record<string, unknown> | null;
  const candidate =
    body &&
    (body.error_description ??
      body.description ??
      body.detail ??
      body.message ??
      body.error ??
      body.title);
  return String(candidate ?? text).slice(0, 300);
}
