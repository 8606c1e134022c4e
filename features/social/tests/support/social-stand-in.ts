import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { oauth1Header } from "@/features/social/server/channels";
import type { SocialChannel } from "@/lib/model/social";

/*
 * One local HTTP server standing in for every social channel's API (issue 66), each under its
 * own prefix (/discord, /slack, /telegram, /bluesky, /mastodon, /x, /linkedin: point
 * SOCIAL_<CHANNEL>_API_URL at origin + prefix). Each answers as its documentation shapes it:
 * status codes, JSON bodies and headers, its auth checked (a wrong token is that API's 401), a
 * 429 with Retry-After (or the API's own limit header) when told to, and every call recorded.
 */

export const STAND_IN_SECRETS = {
  discordId: "112233445566778899",
  discordToken: "discord-webhook-token-abcdefghijklmnop",
  slackToken: "xoxb-1234-5678-slacktoken",
  telegramToken: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  blueskyHandle: "board.bsky.social",
  blueskyPassword: "abcd-efgh-ijkl-mnop",
  mastodonToken: "mastodon-access-token",
  x: {
    consumerKey: "xkey",
    consumerSecret: "xsecret",
    token: "xtoken",
    tokenSecret: "xtokensecret",
  },
  linkedinToken: "linkedin-access-token",
};

export type StandInCall = {
  channel: SocialChannel;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
};

/** A post as the channel holds it: its text, and whether it is deleted or was edited. */
export type StandInPost = {
  channel: SocialChannel;
  id: string;
  text: string;
  deleted: boolean;
  edited?: string;
};

export type SocialStandIn = {
  origin: string;
  /** The SOCIAL_*_API_URL values that point every channel here. */
  env: Record<string, string>;
  calls: StandInCall[];
  posts: StandInPost[];
  /** The next `times` calls to `channel` answer `status` (5xx, or 429 with Retry-After `wait`). */
  fail(channel: SocialChannel, status: number, times: number, wait?: number): void;
  /** `channel`'s live posts (not deleted). */
  live(channel: SocialChannel): StandInPost[];
  close(): Promise<void>;
};

const PREFIXES: SocialChannel[] = [
  "discord",
  "slack",
  "telegram",
  "bluesky",
  "mastodon",
  "x",
  "linkedin",
];

export async function startSocialStandIn(): Promise<SocialStandIn> {
  const calls: StandInCall[] = [];
  const posts: StandInPost[] = [];
  const failures = new Map<SocialChannel, { status: number; times: number; wait?: number }>();
  const idempotency = new Map<string, StandInPost>();
  let next = 1000;
  const newId = () => String(next++);
  let origin = "";

  const server = createServer((request, response) => {
    let raw = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (raw += chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const [, prefix = "", ...rest] = url.pathname.split("/");
      const channel = prefix as SocialChannel;
      const path = `/${rest.join("/")}`;
      let body: Record<string, unknown> | null = null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const send = (status: number, json?: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          ...(json === undefined ? {} : { "content-type": "application/json; charset=utf-8" }),
          ...headers,
        });
        response.end(json === undefined ? undefined : JSON.stringify(json));
      };
      if (!PREFIXES.includes(channel)) return send(404, { error: "Not found" });
      calls.push({
        channel,
        method: request.method ?? "GET",
        path: path + url.search,
        headers: request.headers,
        body,
      });
      const failure = failures.get(channel);
      if (failure && failure.times > 0) {
        failure.times--;
        if (failure.status === 429) {
          const wait = String(failure.wait ?? 1);
          if (channel === "telegram") {
            return send(429, {
              ok: false,
              error_code: 429,
              description: `Too Many Requests: retry after ${wait}`,
              parameters: { retry_after: Number(wait) },
            });
          }
          if (channel === "discord")
            return send(
              429,
              { message: "You are being rate limited.", retry_after: Number(wait), global: false },
              { "retry-after": wait },
            );
          if (channel === "x")
            return send(
              429,
              { title: "Too Many Requests", status: 429 },
              { "x-rate-limit-reset": String(Math.ceil(Date.now() / 1000) + Number(wait)) },
            );
          return send(
            429,
            { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
            { "retry-after": wait },
          );
        }
        return send(failure.status, { error: "InternalServerError", message: "Something broke" });
      }
      const bearer = request.headers.authorization ?? "";
      const create = (text: string): StandInPost => {
        const post = { channel, id: newId(), text, deleted: false };
        posts.push(post);
        return post;
      };
      const find = (id: string) =>
        posts.find((post) => post.channel === channel && post.id === id && !post.deleted);
      const s = STAND_IN_SECRETS;
      switch (channel) {
        // https://discord.com/developers/docs/resources/webhook#execute-webhook
        case "discord": {
          const match = /^\/webhooks\/(\d+)\/([\w-]+)(?:\/messages\/(\d+))?$/.exec(path);
          if (!match || match[1] !== s.discordId || match[2] !== s.discordToken)
            return send(401, { message: "Invalid Webhook Token", code: 50027 });
          if (request.method === "POST" && !match[3]) {
            if (typeof body?.content !== "string" || body.content.length > 2000)
              return send(400, { message: "Invalid Form Body", code: 50035 });
            const post = create(body.content);
            // Without ?wait=true Discord answers 204 and no message.
            if (url.searchParams.get("wait") !== "true") return send(204);
            return send(200, {
              id: post.id,
              type: 0,
              content: post.text,
              channel_id: "555",
              webhook_id: s.discordId,
            });
          }
          if (request.method === "DELETE" && match[3]) {
            const post = find(match[3]);
            if (!post) return send(404, { message: "Unknown Message", code: 10008 });
            post.deleted = true;
            return send(204);
          }
          return send(405, { message: "405: Method Not Allowed", code: 0 });
        }
        // https://api.slack.com/methods/chat.postMessage, chat.delete: 200 with ok false on errors
        case "slack": {
          if (bearer !== `Bearer ${s.slackToken}`)
            return send(200, { ok: false, error: "invalid_auth" });
          if (path === "/chat.postMessage") {
            if (typeof body?.text !== "string" || typeof body.channel !== "string")
              return send(200, { ok: false, error: "no_text" });
            const post = create(body.text);
            return send(200, {
              ok: true,
              channel: body.channel,
              ts: `1700000000.${post.id}`,
              message: { text: post.text },
            });
          }
          if (path === "/chat.delete") {
            const post = find(String(body?.ts ?? "").split(".")[1] ?? "");
            if (!post) return send(200, { ok: false, error: "message_not_found" });
            post.deleted = true;
            return send(200, { ok: true, channel: body?.channel, ts: body?.ts });
          }
          return send(404, { ok: false, error: "unknown_method" });
        }
        // https://core.telegram.org/bots/api#sendmessage, #deletemessage, #editmessagetext
        case "telegram": {
          const match = /^\/bot([^/]+)\/(\w+)$/.exec(path);
          if (!match || match[1] !== s.telegramToken)
            return send(401, { ok: false, error_code: 401, description: "Unauthorized" });
          const method = match[2];
          if (method === "sendMessage") {
            if (typeof body?.text !== "string" || !body.chat_id)
              return send(400, {
                ok: false,
                error_code: 400,
                description: "Bad Request: message text is empty",
              });
            const post = create(body.text);
            const chat = String(body.chat_id);
            return send(200, {
              ok: true,
              result: {
                message_id: Number(post.id),
                date: Math.floor(Date.now() / 1000),
                text: post.text,
                chat: {
                  id: -1001234,
                  type: "channel",
                  ...(chat.startsWith("@") ? { username: chat.slice(1) } : {}),
                },
              },
            });
          }
          const post = find(String(body?.message_id ?? ""));
          if (!post)
            return send(400, {
              ok: false,
              error_code: 400,
              description: "Bad Request: message to delete not found",
            });
          if (method === "deleteMessage") {
            post.deleted = true;
            return send(200, { ok: true, result: true });
          }
          if (method === "editMessageText" && typeof body?.text === "string") {
            post.edited = body.text;
            return send(200, {
              ok: true,
              result: { message_id: Number(post.id), text: body.text },
            });
          }
          return send(404, { ok: false, error_code: 404, description: "Not Found" });
        }
        // https://docs.bsky.app/docs/api/com-atproto-server-create-session, -repo-create-record
        case "bluesky": {
          const did = "did:plc:standin123";
          if (path === "/xrpc/com.atproto.server.createSession") {
            if (body?.identifier !== s.blueskyHandle || body.password !== s.blueskyPassword)
              return send(401, {
                error: "AuthenticationRequired",
                message: "Invalid identifier or password",
              });
            return send(200, {
              accessJwt: "stand-in-access-jwt",
              refreshJwt: "stand-in-refresh-jwt",
              handle: s.blueskyHandle,
              did,
              active: true,
            });
          }
          if (bearer !== "Bearer stand-in-access-jwt")
            return send(401, {
              error: "AuthenticationRequired",
              message: "Authentication Required",
            });
          if (path === "/xrpc/com.atproto.repo.createRecord") {
            const record = body?.record as
              | {
                  text?: string;
                  facets?: {
                    index: { byteStart: number; byteEnd: number };
                    features: { uri: string }[];
                  }[];
                }
              | undefined;
            if (
              body?.repo !== did ||
              body.collection !== "app.bsky.feed.post" ||
              typeof record?.text !== "string"
            )
              return send(400, { error: "InvalidRequest", message: "Input/record must be a post" });
            if ([...new Intl.Segmenter().segment(record.text)].length > 300)
              return send(400, {
                error: "InvalidRequest",
                message: "Record/text must not be longer than 300 graphemes",
              });
            // A link facet must cover exactly its URI's bytes (UTF-8 offsets).
            for (const facet of record.facets ?? []) {
              const covered = Buffer.from(record.text, "utf8")
                .subarray(facet.index.byteStart, facet.index.byteEnd)
                .toString("utf8");
              if (covered !== facet.features[0]?.uri)
                return send(400, { error: "InvalidRequest", message: `Facet covers "${covered}"` });
            }
            const post = create(record.text);
            return send(200, {
              uri: `at://${did}/app.bsky.feed.post/3k${post.id}`,
              cid: `bafy${post.id}`,
            });
          }
          if (path === "/xrpc/com.atproto.repo.deleteRecord") {
            const post = find(String(body?.rkey ?? "").replace(/^3k/, ""));
            if (post) post.deleted = true;
            return send(200, {});
          }
          return send(404, { error: "MethodNotImplemented", message: "Method Not Implemented" });
        }
        // https://docs.joinmastodon.org/methods/statuses/#create, #delete
        case "mastodon": {
          if (bearer !== `Bearer ${s.mastodonToken}`)
            return send(401, { error: "The access token is invalid" });
          if (request.method === "POST" && path === "/api/v1/statuses") {
            const key = request.headers["idempotency-key"];
            const known = typeof key === "string" ? idempotency.get(key) : undefined;
            const post = known ?? create(String(body?.status ?? ""));
            if (typeof key === "string") idempotency.set(key, post);
            if (!post.text) return send(422, { error: "Validation failed: Text can't be blank" });
            return send(200, {
              id: post.id,
              url: `https://mastodon.example/@board/${post.id}`,
              content: `<p>${post.text}</p>`,
              visibility: "public",
            });
          }
          const match = /^\/api\/v1\/statuses\/(\d+)$/.exec(path);
          if (request.method === "DELETE" && match) {
            const post = find(match[1]!);
            if (!post) return send(404, { error: "Record not found" });
            post.deleted = true;
            return send(200, { id: post.id, text: post.text });
          }
          return send(404, { error: "Record not found" });
        }
        // https://docs.x.com/x-api/posts/creation-of-a-post, OAuth 1.0a user context
        case "x": {
          const nonce = /oauth_nonce="([^"]+)"/.exec(bearer)?.[1] ?? "";
          const timestamp = Number(/oauth_timestamp="(\d+)"/.exec(bearer)?.[1] ?? 0);
          const full = `${origin}/x${path}`;
          if (
            bearer !==
            oauth1Header(request.method ?? "GET", full, s.x, decodeURIComponent(nonce), timestamp)
          ) {
            return send(401, {
              title: "Unauthorized",
              type: "about:blank",
              status: 401,
              detail: "Unauthorized",
            });
          }
          if (request.method === "POST" && path === "/2/tweets") {
            if (typeof body?.text !== "string")
              return send(400, { title: "Invalid Request", detail: "text is required" });
            const post = create(body.text);
            return send(201, {
              data: { id: post.id, text: post.text, edit_history_tweet_ids: [post.id] },
            });
          }
          const match = /^\/2\/tweets\/(\d+)$/.exec(path);
          if (request.method === "DELETE" && match) {
            const post = find(match[1]!);
            if (post) post.deleted = true;
            return send(200, { data: { deleted: Boolean(post) } });
          }
          return send(404, { title: "Not Found Error", status: 404 });
        }
        // https://learn.microsoft.com/linkedin/marketing/community-management/shares/posts-api
        case "linkedin": {
          if (bearer !== `Bearer ${s.linkedinToken}`)
            return send(401, {
              status: 401,
              serviceErrorCode: 65600,
              code: "INVALID_ACCESS_TOKEN",
              message: "Invalid access token",
            });
          if (!/^\d{6}$/.test(String(request.headers["linkedin-version"] ?? "")))
            return send(426, {
              status: 426,
              code: "NONEXISTENT_VERSION",
              message: "Requested version is not active",
            });
          if (request.method === "POST" && path === "/rest/posts") {
            if (
              typeof body?.commentary !== "string" ||
              !String(body.author).startsWith("urn:li:organization:")
            )
              return send(422, { status: 422, message: "author and commentary are required" });
            const post = create(body.commentary);
            return send(201, undefined, { "x-restli-id": `urn:li:share:${post.id}` });
          }
          const match = /^\/rest\/posts\/(.+)$/.exec(path);
          if (request.method === "DELETE" && match) {
            const post = find(decodeURIComponent(match[1]!).replace("urn:li:share:", ""));
            if (post) post.deleted = true;
            return send(204);
          }
          return send(404, { status: 404, message: "Not Found" });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    env: Object.fromEntries(
      PREFIXES.map((channel) => [
        `SOCIAL_${channel.toUpperCase()}_API_URL`,
        `${origin}/${channel}`,
      ]),
    ),
    calls,
    posts,
    fail: (channel, status, times, wait) => failures.set(channel, { status, times, wait }),
    live: (channel) => posts.filter((post) => post.channel === channel && !post.deleted),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
