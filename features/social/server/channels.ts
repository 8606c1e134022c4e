import { createHmac, randomBytes } from "node:crypto";
import type { SocialChannel, SocialChannelSettings } from "@/lib/model/social";
import { readServerEnv } from "@/lib/server/env";
import { byteRange } from "./message";
import { call, ChannelError } from "./http";

/*
 * Each channel's API, called with plain fetch as its documentation shapes it. The SDKs
 * (@atproto/api, masto, twitter-api-v2, slack's and discord's) each wrap the two or three calls
 * used here in a large client and are not in the project; three calls each with fetch are
 * easier to read, and every address is overridable (SOCIAL_*_API_URL, lib/server/env.ts) so the
 * tests' stand-ins (tests/support/social-stand-in.ts) answer them.
 */

/** A connected channel as the posting job needs it: its settings and opened secret. */
export type Connection = {
  channel: SocialChannel;
  settings: SocialChannelSettings;
  secret: Record<string, string>;
};

/** What a post became on the channel. */
export type Posted = { remoteId: string; remoteUrl: string | null };

/** What the listing's end did to the post: deleted, or edited to say it is closed. */
export type Ending = "deleted" | "ended";

export type ChannelApi = {
  /** Sends `text` (its `link` is in it); `key` is the same for every try of the same post. */
  post(connection: Connection, text: string, link: string, key: string): Promise<Posted>;
  /** Deletes the post, or marks it closed with `closedText` where it cannot be deleted. */
  end(
    connection: Connection,
    post: Posted & { postedAt: Date },
    closedText: string,
    now: Date,
  ): Promise<Ending>;
  /** Whether a post whose outcome is unknown may be sent again (the channel drops repeats). */
  idempotent: boolean;
};

const env = () => readServerEnv();
const trimmed = (url: string) => url.replace(/\/+$/, "");
const json = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { "content-type": "application/json; charset=utf-8" },
});
const field = (value: unknown, name: string, channel: string): string => {
  if (typeof value === "string" && value.length > 0 && value.length <= 512) return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  throw new ChannelError(`${channel}'s answer had no ${name}`, false, undefined, true);
};

/** Discord: an incoming webhook (Execute Webhook with ?wait=true answers the message). */
const discord: ChannelApi = {
  idempotent: false,
  async post({ settings, secret }, text) {
    const base = `${trimmed(env().SOCIAL_DISCORD_API_URL ?? "https://discord.com/api")}/webhooks/${settings.webhookId}/${secret.token}`;
    const answer = await call("Discord", `${base}?wait=true`, {
      method: "POST",
      ...json({ content: text, allowed_mentions: { parse: [] } }),
    });
    const message = answer.json as { id?: unknown } | null;
    return { remoteId: field(message?.id, "message id", "Discord"), remoteUrl: null };
  },
  async end({ settings, secret }, post) {
    const base = `${trimmed(env().SOCIAL_DISCORD_API_URL ?? "https://discord.com/api")}/webhooks/${settings.webhookId}/${secret.token}`;
    await call("Discord", `${base}/messages/${encodeURIComponent(post.remoteId)}`, {
      method: "DELETE",
    });
    return "deleted";
  },
};

/** Slack answers 200 with ok: false for its errors. */
function slackAnswer(json: unknown): Record<string, unknown> {
  const body = json as { ok?: boolean; error?: string } | null;
  if (!body?.ok) {
    const error = body?.error ?? "no answer";
    const retry = [
      "internal_error",
      "fatal_error",
      "service_unavailable",
      "request_timeout",
    ].includes(error);
    throw new ChannelError(`Slack refused it: ${error}`, retry);
  }
  return body as Record<string, unknown>;
}

/**
 * Slack: a bot token and a channel, chat.postMessage: its answer's ts lets chat.delete take the
 * post down when the listing ends (an incoming webhook's message cannot be edited or deleted).
 */
const slack: ChannelApi = {
  idempotent: false,
  async post({ settings, secret }, text) {
    const base = trimmed(env().SOCIAL_SLACK_API_URL ?? "https://slack.com/api");
    const answer = await call("Slack", `${base}/chat.postMessage`, {
      method: "POST",
      ...json({ channel: settings.chat, text, unfurl_links: true }),
      headers: {
        "content-type": "application/json; charset=utf-8",
        authorization: `Bearer ${secret.token}`,
      },
    });
    const body = slackAnswer(answer.json);
    const channel = field(body.channel, "channel", "Slack");
    return { remoteId: `${channel}/${field(body.ts, "ts", "Slack")}`, remoteUrl: null };
  },
  async end({ secret }, post) {
    const base = trimmed(env().SOCIAL_SLACK_API_URL ?? "https://slack.com/api");
    const [channel, ts] = post.remoteId.split("/");
    const answer = await call("Slack", `${base}/chat.delete`, {
      method: "POST",
      ...json({ channel, ts }),
      headers: {
        "content-type": "application/json; charset=utf-8",
        authorization: `Bearer ${secret.token}`,
      },
    });
    slackAnswer(answer.json);
    return "deleted";
  },
};

/** Telegram's Bot API answers { ok, result } or { ok: false, description }. */
async function telegram$(token: string, method: string, body: unknown) {
  const base = trimmed(env().SOCIAL_TELEGRAM_API_URL ?? "https://api.telegram.org");
  const answer = await call("Telegram", `${base}/bot${token}/${method}`, {
    method: "POST",
    ...json(body),
  });
  const reply = answer.json as { ok?: boolean; result?: unknown; description?: string } | null;
  if (!reply?.ok)
    throw new ChannelError(`Telegram refused it: ${reply?.description ?? "no answer"}`, false);
  return reply.result;
}

/** A bot may delete its message for 48 hours (deleteMessage); after, it is edited to say closed. */
const TELEGRAM_DELETE_HOURS = 48;

const telegram: ChannelApi = {
  idempotent: false,
  async post({ settings, secret }, text) {
    const result = (await telegram$(secret.token!, "sendMessage", {
      chat_id: settings.chat,
      text,
    })) as { message_id?: unknown; chat?: { username?: unknown } } | null;
    const id = field(result?.message_id, "message_id", "Telegram");
    const username = result?.chat?.username;
    return {
      remoteId: id,
      remoteUrl:
        typeof username === "string" && /^\w{4,32}$/.test(username)
          ? `https://t.me/${username}/${id}`
          : null,
    };
  },
  async end({ settings, secret }, post, closedText, now) {
    const young = now.getTime() - post.postedAt.getTime() < (TELEGRAM_DELETE_HOURS - 1) * 3600_000;
    if (young) {
      await telegram$(secret.token!, "deleteMessage", {
        chat_id: settings.chat,
        message_id: Number(post.remoteId),
      });
      return "deleted";
    }
    await telegram$(secret.token!, "editMessageText", {
      chat_id: settings.chat,
      message_id: Number(post.remoteId),
      text: closedText,
    });
    return "ended";
  },
};

/**
 * Bluesky (AT Protocol): a session from the handle and an app password
 * (com.atproto.server.createSession), then com.atproto.repo.createRecord of an
 * app.bsky.feed.post whose link is a facet at its UTF-8 byte offsets, and deleteRecord.
 */
async function blueskySession(settings: SocialChannelSettings, secret: Record<string, string>) {
  const base = trimmed(env().SOCIAL_BLUESKY_API_URL ?? "https://bsky.social");
  const answer = await call("Bluesky", `${base}/xrpc/com.atproto.server.createSession`, {
    method: "POST",
    ...json({ identifier: settings.handle, password: secret.password }),
  });
  const session = answer.json as { accessJwt?: unknown; did?: unknown; handle?: unknown } | null;
  return {
    base,
    jwt: field(session?.accessJwt, "accessJwt", "Bluesky"),
    did: field(session?.did, "did", "Bluesky"),
    handle: typeof session?.handle === "string" ? session.handle : (settings.handle ?? ""),
  };
}

const bluesky: ChannelApi = {
  idempotent: false,
  async post({ settings, secret }, text, link) {
    const session = await blueskySession(settings, secret);
    const answer = await call("Bluesky", `${session.base}/xrpc/com.atproto.repo.createRecord`, {
      method: "POST",
      ...json({
        repo: session.did,
        collection: "app.bsky.feed.post",
        record: {
          $type: "app.bsky.feed.post",
          text,
          createdAt: new Date().toISOString(),
          facets: [
            {
              index: byteRange(text, link),
              features: [{ $type: "app.bsky.richtext.facet#link", uri: link }],
            },
          ],
          embed: {
            $type: "app.bsky.embed.external",
            external: { uri: link, title: text.split("\n")[0], description: "" },
          },
        },
      }),
      headers: { "content-type": "application/json", authorization: `Bearer ${session.jwt}` },
    });
    const uri = field((answer.json as { uri?: unknown } | null)?.uri, "uri", "Bluesky");
    const rkey = uri.split("/").pop()!;
    return { remoteId: uri, remoteUrl: `https://bsky.app/profile/${session.handle}/post/${rkey}` };
  },
  async end({ settings, secret }, post) {
    const session = await blueskySession(settings, secret);
    await call("Bluesky", `${session.base}/xrpc/com.atproto.repo.deleteRecord`, {
      method: "POST",
      ...json({
        repo: session.did,
        collection: "app.bsky.feed.post",
        rkey: post.remoteId.split("/").pop(),
      }),
      headers: { "content-type": "application/json", authorization: `Bearer ${session.jwt}` },
    });
    return "deleted";
  },
};

/** Mastodon: POST /api/v1/statuses with an Idempotency-Key (a repeat within an hour is dropped). */
const mastodonBase = (settings: SocialChannelSettings) =>
  trimmed(env().SOCIAL_MASTODON_API_URL ?? settings.instance ?? "");

const mastodon: ChannelApi = {
  idempotent: true,
  async post({ settings, secret }, text, _link, key) {
    const answer = await call("Mastodon", `${mastodonBase(settings)}/api/v1/statuses`, {
      method: "POST",
      ...json({ status: text, visibility: "public" }),
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${secret.token}`,
        "idempotency-key": key,
      },
    });
    const status = answer.json as { id?: unknown; url?: unknown } | null;
    const url =
      typeof status?.url === "string" && status.url.startsWith("https://") ? status.url : null;
    return { remoteId: field(status?.id, "id", "Mastodon"), remoteUrl: url };
  },
  async end({ settings, secret }, post) {
    await call(
      "Mastodon",
      `${mastodonBase(settings)}/api/v1/statuses/${encodeURIComponent(post.remoteId)}`,
      {
        method: "DELETE",
        headers: { authorization: `Bearer ${secret.token}` },
      },
    );
    return "deleted";
  },
};

const percent = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * OAuth 1.0a's Authorization header (RFC 5849, HMAC-SHA1) for a request with no form body: X's
 * user context. A JSON body is not signed (only the query and oauth_ parameters are).
 */
export function oauth1Header(
  method: string,
  url: string,
  keys: { consumerKey: string; consumerSecret: string; token: string; tokenSecret: string },
  nonce = randomBytes(16).toString("hex"),
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const parsed = new URL(url);
  const oauth: Record<string, string> = {
    oauth_consumer_key: keys.consumerKey,
    oauth_nonce: nonce,
    oauth_signature_method: "HMAC-SHA1",
    oauth_timestamp: String(timestamp),
    oauth_token: keys.token,
    oauth_version: "1.0",
  };
  const params = [...parsed.searchParams.entries(), ...Object.entries(oauth)]
    .map(([k, v]) => [percent(k), percent(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const baseUrl = `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  const base = [method.toUpperCase(), percent(baseUrl), percent(params)].join("&");
  const signature = createHmac(
    "sha1",
    `${percent(keys.consumerSecret)}&${percent(keys.tokenSecret)}`,
  )
    .update(base)
    .digest("base64");
  return `OAuth ${Object.entries({ ...oauth, oauth_signature: signature })
    .map(([k, v]) => `${percent(k)}="${percent(v)}"`)
    .join(", ")}`;
}

const xKeys = (secret: Record<string, string>) => ({
  consumerKey: secret.consumerKey!,
  consumerSecret: secret.consumerSecret!,
  token: secret.accessToken!,
  tokenSecret: secret.accessSecret!,
});

/** X: POST /2/tweets and DELETE /2/tweets/:id, OAuth 1.0a user context. */
const x: ChannelApi = {
  idempotent: false,
  async post({ secret, settings }, text) {
    const url = `${trimmed(env().SOCIAL_X_API_URL ?? "https://api.x.com")}/2/tweets`;
    const answer = await call("X", url, {
      method: "POST",
      body: JSON.stringify({ text }),
      headers: {
        "content-type": "application/json",
        authorization: oauth1Header("POST", url, xKeys(secret)),
      },
    });
    const id = field((answer.json as { data?: { id?: unknown } } | null)?.data?.id, "id", "X");
    const handle =
      settings.handle && /^\w{1,15}$/.test(settings.handle) ? settings.handle : "i/web";
    return { remoteId: id, remoteUrl: `https://x.com/${handle}/status/${id}` };
  },
  async end({ secret }, post) {
    const url = `${trimmed(env().SOCIAL_X_API_URL ?? "https://api.x.com")}/2/tweets/${encodeURIComponent(post.remoteId)}`;
    await call("X", url, {
      method: "DELETE",
      headers: { authorization: oauth1Header("DELETE", url, xKeys(secret)) },
    });
    return "deleted";
  },
};

/** LinkedIn's "little text format" reserves these characters in commentary: escaped. */
const littleText = (text: string) => text.replace(/[\\|{}@[\]()<>#*_~]/g, (c) => `\\${c}`);
/** The Posts API's version (LinkedIn-Version, YYYYMM; each is served for a year). */
export const LINKEDIN_VERSION = "202511";

/** LinkedIn: the Posts API as the organization (w_organization_social), and its DELETE. */
const linkedin: ChannelApi = {
  idempotent: false,
  async post({ settings, secret }, text, link) {
    const base = trimmed(env().SOCIAL_LINKEDIN_API_URL ?? "https://api.linkedin.com");
    const answer = await call("LinkedIn", `${base}/rest/posts`, {
      method: "POST",
      ...json({
        author: settings.organization,
        commentary: littleText(text),
        visibility: "PUBLIC",
        distribution: {
          feedDistribution: "MAIN_FEED",
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        content: { article: { source: link, title: text.split("\n")[0] } },
        lifecycleState: "PUBLISHED",
        isReshareDisabledByAuthor: false,
      }),
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${secret.token}`,
        "linkedin-version": LINKEDIN_VERSION,
        "x-restli-protocol-version": "2.0.0",
      },
    });
    const urn = field(answer.headers.get("x-restli-id"), "x-restli-id", "LinkedIn");
    return { remoteId: urn, remoteUrl: `https://www.linkedin.com/feed/update/${urn}` };
  },
  async end({ secret }, post) {
    const base = trimmed(env().SOCIAL_LINKEDIN_API_URL ?? "https://api.linkedin.com");
    await call("LinkedIn", `${base}/rest/posts/${encodeURIComponent(post.remoteId)}`, {
      method: "DELETE",
      headers: {
        authorization: `Bearer ${secret.token}`,
        "linkedin-version": LINKEDIN_VERSION,
        "x-restli-protocol-version": "2.0.0",
      },
    });
    return "deleted";
  },
};

export const CHANNEL_APIS: Record<SocialChannel, ChannelApi> = {
  discord,
  slack,
  telegram,
  bluesky,
  mastodon,
  x,
  linkedin,
};
