import { existsSync } from "node:fs";
import { isIP } from "node:net";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { optional } from "../env";

/** The entries of a comma-separated list: "a, b,c" is [a, b, c]. */
const commaList = (text: string | undefined) =>
  (text ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/, "A domain name: reply.example.com");

/** An IP address, or a CIDR range of them: 10.0.0.5, 10.0.0.0/24, 2001:db8::/32. */
const isAddressOrRange = (entry: string) => {
  const [address = "", prefix, ...rest] = entry.split("/");
  const bits = isIP(address) === 6 ? 128 : isIP(address) === 4 ? 32 : 0;
  return (
    bits > 0 &&
    rest.length === 0 &&
    (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))
  );
};

const serverEnvSchema = z
  .object({
    /** A PostgreSQL server; unset means the embedded PGlite database under DATA_DIR. */
    DATABASE_URL: optional(z.string()),
    DATA_DIR: optional(z.string()).transform((dir) => dir ?? join(process.cwd(), "data", "pglite")),
    /**
     * The embedded database on a thread of its own (issue 67, lib/server/db/pglite-thread.ts):
     * its statements never hold the thread that renders pages. On by default (the whole browser
     * suite passed on it, docs/performance.md); `false` keeps PGlite in the server's own thread
     * (as the tests' databases are).
     */
    PGLITE_THREAD: optional(z.enum(["true", "false"])).transform((thread) => thread !== "false"),
    /**
     * Where uploaded company logos are kept when no S3 bucket is set (CVs go beside it:
     * lib/server/storage/cv-store.ts). By default, on the embedded database a folder beside
     * DATA_DIR (data/pglite-logos), never inside PGlite's own folder; on PostgreSQL data/logos
     * (defaultLogoDir).
     */
    LOGO_DIR: optional(z.string()),
    /**
     * Company logos in S3-compatible object storage instead of LOGO_DIR: the bucket, its region,
     * and for other providers than AWS (MinIO, R2, Spaces...) their endpoint. Keys: both or
     * neither (neither: the SDK's own chain, e.g. an instance role). Path-style addressing
     * (endpoint/bucket/key) for servers without virtual-host buckets, such as MinIO.
     */
    S3_BUCKET: optional(z.string()),
    S3_REGION: optional(z.string()),
    S3_ENDPOINT: optional(z.url({ protocol: /^https?$/ })),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    S3_FORCE_PATH_STYLE: optional(z.enum(["true", "false"])).transform((force) => force === "true"),
    /** The Firebase project whose ID tokens the API accepts. */
    FIREBASE_PROJECT_ID: optional(z.string()),
    /** A service account's JSON key, for production token checks and account deletion. */
    FIREBASE_SERVICE_ACCOUNT: optional(z.string()),
    GOOGLE_APPLICATION_CREDENTIALS: optional(z.string()),
    /** host:port of the Firebase Auth emulator; set only for local runs and tests. */
    FIREBASE_AUTH_EMULATOR_HOST: optional(z.string()),
    /** Seed the sample board into an empty database: on by default for PGlite only. */
    SEED_SAMPLE_DATA: optional(z.enum(["true", "false"])),
    /** The board's first owner(s) (issue 64): a comma-separated list of sign-in email addresses. */
    ADMIN_EMAILS: optional(z.string()).transform((list) =>
      commaList(list).map((email) => email.toLowerCase()),
    ),
    /** reCAPTCHA v3 secret; unset skips the bot check on job submissions (with a warning). */
    RECAPTCHA_SECRET_KEY: optional(z.string()),
    /** Scores run from 0 (a bot) to 1 (a person); lower than this is refused. */
    RECAPTCHA_MIN_SCORE: optional(z.coerce.number().min(0).max(1)).transform(
      (score) => score ?? 0.5,
    ),
    RECAPTCHA_VERIFY_URL: optional(z.url()).transform(
      (url) => url ?? "https://www.google.com/recaptcha/api/siteverify",
    ),
    /** Stripe Checkout for paid plans; both or neither. Unset: paid listings wait as invoice due. */
    STRIPE_SECRET_KEY: optional(z.string()),
    STRIPE_WEBHOOK_SECRET: optional(z.string()),
    /** Another Stripe API address, e.g. a local stand-in in tests; unset is Stripe's own. */
    STRIPE_API_URL: optional(z.url()),
    /**
     * One address for every ATS's public job-board API (issue 46), e.g. a local stand-in in
     * tests: a board is then read at `${ATS_API_URL}/greenhouse/v1/boards/...`. Unset: each
     * ATS's own.
     */
    ATS_API_URL: optional(z.url({ protocol: /^https?$/ })),
    /**
     * Each social channel's API address (features/social, issue 66), e.g. a local stand-in in
     * tests; unset is the channel's own: https://discord.com/api, https://slack.com/api,
     * https://api.telegram.org, https://bsky.social (the Bluesky account's PDS), the Mastodon
     * instance the owner named, https://api.x.com, https://api.linkedin.com.
     */
    SOCIAL_DISCORD_API_URL: optional(z.url({ protocol: /^https?$/ })),
    SOCIAL_SLACK_API_URL: optional(z.url({ protocol: /^https?$/ })),
    SOCIAL_TELEGRAM_API_URL: optional(z.url({ protocol: /^https?$/ })),
    SOCIAL_BLUESKY_API_URL: optional(z.url({ protocol: /^https?$/ })),
    SOCIAL_MASTODON_API_URL: optional(z.url({ protocol: /^https?$/ })),
    SOCIAL_X_API_URL: optional(z.url({ protocol: /^https?$/ })),
    SOCIAL_LINKEDIN_API_URL: optional(z.url({ protocol: /^https?$/ })),
    /**
     * The key sealing the social channels' credentials in the database (AES-256-GCM): 32 bytes
     * as 64 hex digits or base64. Unset: a key the app makes and keeps in app_secrets (the
     * credentials are then sealed from a copy of one table, not from a copy of the database).
     */
    SOCIAL_SECRET_KEY: optional(z.string().trim().min(1)),
    /**
     * The seller on every invoice (issue 45): legal name, address (lines separated by "|"),
     * ISO 3166-1 country and VAT or tax ID. Defaults name a placeholder seller in the US.
     */
    BILLING_SELLER_NAME: optional(z.string().trim().min(1)).transform(
      (name) => name ?? "Creator Jobs, Inc.",
    ),
    BILLING_SELLER_ADDRESS: optional(z.string()).transform((address) =>
      (address ?? "548 Market St|San Francisco, CA 94104")
        .split("|")
        .map((line) => line.trim())
        .filter(Boolean),
    ),
    BILLING_SELLER_COUNTRY: optional(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, "An ISO 3166-1 alpha-2 code, e.g. DE"),
    ).transform((country) => country ?? "US"),
    BILLING_SELLER_TAX_ID: optional(z.string().trim().min(1)),
    /** Where invoices due are paid by transfer, lines separated by "|": "IBAN …|BIC …". */
    BILLING_SELLER_BANK: optional(z.string()).transform((bank) =>
      (bank ?? "")
        .split("|")
        .map((line) => line.trim())
        .filter(Boolean),
    ),
    /**
     * Tax rates by the buyer's country, in percent: "DE:19,FR:20,GB:20". Unset: no tax is added.
     * An EU business buyer with a VAT ID of another EU country than the seller's is charged none
     * (the reverse charge) whatever the rate.
     */
    BILLING_TAX_RATES: optional(
      z
        .string()
        .regex(
          /^\s*[A-Za-z]{2}:\d{1,2}(\.\d{1,2})?(\s*,\s*[A-Za-z]{2}:\d{1,2}(\.\d{1,2})?)*\s*$/,
          'Countries and percent rates, e.g. "DE:19,FR:20"',
        ),
    ).transform(
      (rates) =>
        new Map(
          (rates ?? "")
            .split(",")
            .filter((pair) => pair.trim())
            .map((pair) => {
              const [country, percent] = pair.split(":");
              return [country!.trim().toUpperCase(), Math.round(Number(percent) * 100)] as const;
            }),
        ),
    ),
    /** Days to pay an invoice when Stripe is not set up (or for a company on terms without a choice). */
    BILLING_DEFAULT_TERMS_DAYS: optional(z.coerce.number().int().min(1).max(90)).transform(
      (days) => days ?? 14,
    ),
    /** Behind a reverse proxy, the client's address is the last one it adds to X-Forwarded-For. */
    TRUST_PROXY: optional(z.enum(["true", "false"])),
    /** Strict-Transport-Security on every answer; unset: on when NEXT_PUBLIC_SITE_URL is https. */
    HSTS: optional(z.enum(["true", "false"])),
    /** On PostgreSQL, how many worker processes share the port; unset: one per core. */
    WEB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(256)),
    /**
     * How many renders (GET and HEAD requests that reach Next.js) a server process runs at once;
     * the rest wait their turn in the order they came (lib/server/http/admission.ts). 0: no
     * limit, every request interleaved with the others.
     */
    RENDER_CONCURRENCY: optional(z.coerce.number().int().min(0).max(1024)).transform(
      (limit) => limit ?? 4,
    ),
    /** How long a stopping server lets requests in flight finish before it cuts them (ms). */
    SHUTDOWN_TIMEOUT_MS: optional(z.coerce.number().int().min(0)).transform((ms) => ms ?? 25_000),
    /**
     * How long a client may take to send a request's headers, and its whole request (ms): a
     * slow client cannot hold a connection open longer (issue 40). Node's own defaults are 60 s
     * and 300 s.
     */
    HEADERS_TIMEOUT_MS: optional(z.coerce.number().int().min(100)).transform((ms) => ms ?? 10_000),
    REQUEST_TIMEOUT_MS: optional(z.coerce.number().int().min(100)).transform((ms) => ms ?? 30_000),
    /** Every purge of the page cache is POSTed here as JSON, for a CDN's purge API. */
    PURGE_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/ })),
    /** The page cache's size per process, in MiB; 0 turns it off (to measure bare renders). */
    PAGE_CACHE_MB: optional(z.coerce.number().int().min(0).max(4096)).transform((mb) => mb ?? 64),
    /**
     * Where mail goes: an SMTP server's URL (smtp://user:pass@host:port, or smtps://). Unset: mail
     * is not sent; each message is logged (template and recipient, never its text) and dropped.
     */
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
    /** The From of every message. */
    MAIL_FROM: optional(z.string()).transform(
      (from) => from ?? "Creator Jobs <jobs@creatorjobs.example>",
    ),
    /**
     * Answers by mail to the conversation on an application (issue 42): the domain of the
     * Reply-To addresses (reply+…@INBOUND_MAIL_DOMAIN), whose MX leads to the reply inbox on
     * INBOUND_SMTP_PORT (on INBOUND_SMTP_HOST, default HOST). Unset: mail says to answer on the
     * board, and no inbox listens.
     */
    INBOUND_MAIL_DOMAIN: optional(domainName),
    INBOUND_SMTP_PORT: optional(z.coerce.number().int().min(1).max(65_535)),
    INBOUND_SMTP_HOST: optional(z.string()),
    /**
     * The mail relay in front of the reply inbox (issue 60, docs/deployment.md), whose own
     * verdict on an answer (DMARC, in the Authentication-Results field it adds) the inbox takes:
     * its addresses as the inbox sees the connection (IPs or CIDR ranges, comma-separated) and
     * the authserv-id it writes in that field. Both or neither. Unset: the inbox checks SPF, DKIM
     * and DMARC itself, and so it does for a client not listed here.
     */
    INBOUND_TRUSTED_RELAYS: optional(z.string())
      .transform((list) => commaList(list))
      .pipe(
        z.array(
          z.string().refine(isAddressOrRange, "IP addresses or CIDR ranges: 10.0.0.5, 10.0.0.0/24"),
        ),
      ),
    INBOUND_RELAY_AUTHSERV_ID: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[^\s;"()]+$/, "An authserv-id: mx.example.com"),
    ),
    /**
     * ARC sealers (their d= domains, comma-separated) whose recorded verdict on an answer they
     * forwarded counts when the ARC chain validates: e.g. a company gateway that adds a footer,
     * which breaks the author's DKIM. Unset: none.
     */
    INBOUND_ARC_SEALERS: optional(z.string())
      .transform((list) => commaList(list))
      .pipe(z.array(domainName)),
    /** The team's inbox: new recruitment-services enquiries go here. */
    MAIL_TEAM_TO: optional(z.string()).transform((to) => to ?? "team@creatorjobs.example"),
    /**
     * IndexNow (Bing, Yandex, Seznam, Naver...): the site's key, 8 to 128 letters, digits or dashes.
     * Unset: no search engine is told of anything (development, tests, CI) and
     * /indexnow-key.txt is not found. Set: every job published, changed or closed is sent to
     * INDEXNOW_ENDPOINT through the queue (features/feeds/server).
     */
    INDEXNOW_KEY: optional(
      z.string().regex(/^[A-Za-z0-9-]{8,128}$/, "8 to 128 letters, digits or dashes"),
    ),
    INDEXNOW_ENDPOINT: optional(z.url({ protocol: /^https?$/ })).transform(
      (url) => url ?? "https://api.indexnow.org/indexnow",
    ),
    /**
     * The Google Indexing API for job pages: a service account's JSON key (with the Indexing API
     * enabled, and the account an owner of the site in Search Console). Unset: Google is not told.
     */
    GOOGLE_INDEXING_SERVICE_ACCOUNT: optional(
      z
        .string()
        .transform((text, context) => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            context.addIssue({ code: "custom", message: "Not JSON: a service account's key" });
            return z.NEVER;
          }
        })
        .pipe(
          z.object({
            client_email: z.string().min(1),
            private_key: z.string().includes("PRIVATE KEY"),
            token_uri: z.url().default("https://oauth2.googleapis.com/token"),
          }),
        ),
    ),
    GOOGLE_INDEXING_ENDPOINT: optional(z.url({ protocol: /^https?$/ })).transform(
      (url) => url ?? "https://indexing.googleapis.com/v3/urlNotifications:publish",
    ),
    /** Runs the queue's workers (mail, alerts, upkeep) in this server; false leaves them to others. */
    WORKER: optional(z.enum(["true", "false"])).transform((worker) => worker !== "false"),
    /**
     * true: each serving process writes one line of its memory (resident set, V8's heap, the page
     * cache's bytes) to stderr on SIGUSR2, for bench/memory.mjs (lib/server/http/memory-report.ts).
     */
    MEMORY_REPORT: optional(z.enum(["true", "false"])).transform((report) => report === "true"),
    /** pino's level for the server's JSON log lines on stdout. */
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  })
  .refine((env) => Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET), {
    message: "Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither",
    path: ["STRIPE_WEBHOOK_SECRET"],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: "Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
    path: ["S3_SECRET_ACCESS_KEY"],
  })
  .refine(
    (env) => env.INBOUND_TRUSTED_RELAYS.length > 0 === Boolean(env.INBOUND_RELAY_AUTHSERV_ID),
    {
      message: "Set both INBOUND_TRUSTED_RELAYS and INBOUND_RELAY_AUTHSERV_ID, or neither",
      path: ["INBOUND_RELAY_AUTHSERV_ID"],
    },
  )
  .refine((env) => !env.S3_BUCKET || Boolean(env.S3_REGION), {
    message: "S3_BUCKET needs S3_REGION (any name your provider accepts, e.g. auto for R2)",
    path: ["S3_REGION"],
  })
  .transform((env) => ({ ...env, LOGO_DIR: env.LOGO_DIR ?? defaultLogoDir(env) }));

/**
 * The logos' folder when LOGO_DIR is unset. On the embedded database, beside its data folder
 * (data/pglite-logos, CVs in data/pglite-cvs). On PostgreSQL there is no database folder to
 * name them after: data/logos (CVs in data/cvs), in the folder that holds DATA_DIR (data/ by
 * default). A PostgreSQL deployment from before issue 48 kept them beside DATA_DIR too, named
 * after PGlite: while that folder is there and data/logos is not, it is still the one used, so
 * no file goes missing on an upgrade (docs/deployment.md says how to move them).
 */
function defaultLogoDir(env: { DATABASE_URL?: string; DATA_DIR: string }): string {
  const besideDataDir = join(dirname(env.DATA_DIR), `${basename(env.DATA_DIR)}-logos`);
  if (!env.DATABASE_URL) return besideDataDir;
  const own = join(dirname(env.DATA_DIR), "logos");
  return !existsSync(own) && existsSync(besideDataDir) ? besideDataDir : own;
}

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export function readServerEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const result = serverEnvSchema.safeParse(source);
  if (!result.success) throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  return result.data;
}
