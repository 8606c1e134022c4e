import { z } from "zod";

/** Unset and blank are the same thing in a .env file. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const withDefault = <T extends z.ZodType<string>>(schema: T, fallback: string) =>
  optional(schema).transform((value) => value ?? fallback);

/** The Firebase project the Auth emulator stands in for; a `demo-` id needs no real project. */
export const EMULATOR_PROJECT_ID = "demo-creator-jobs";
/** Where `bash scripts/serve.sh` and the tests run the Auth emulator (firebase.json). */
export const DEFAULT_AUTH_EMULATOR_HOST = "127.0.0.1:9199";

const publicEnvSchema = z
  .object({
    NEXT_PUBLIC_SITE_URL: withDefault(z.url(), "http://127.0.0.1:3000").transform((url) =>
      url.replace(/\/$/, ""),
    ),
    NEXT_PUBLIC_SUPPORT_EMAIL: withDefault(z.email(), "support@creatorjobs.co"),
    // Unset: the board's own newsletter, /newsletter (issue 66); set: a newsletter elsewhere.
    NEXT_PUBLIC_NEWSLETTER_URL: withDefault(z.url(), ""),
    NEXT_PUBLIC_SOCIAL_URL: withDefault(z.url(), "https://www.linkedin.com/company/creatorjobs"),
    NEXT_PUBLIC_TOOLS_DIRECTORY_URL: withDefault(z.url(), "https://tools.creatorjobs.co"),
    NEXT_PUBLIC_RECAPTCHA_SITE_KEY: withDefault(z.string(), ""),
    NEXT_PUBLIC_SENTRY_DSN: withDefault(z.url(), ""),
    // Firebase web config. Without an API key the browser signs in against the Auth emulator.
    NEXT_PUBLIC_FIREBASE_API_KEY: optional(z.string()),
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: optional(z.string()),
    NEXT_PUBLIC_FIREBASE_PROJECT_ID: optional(z.string()),
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: optional(
      z.string().regex(/^[\w.-]+:\d+$/, "host:port, e.g. 127.0.0.1:9199"),
    ),
    /** A Firebase OIDC provider for LinkedIn, e.g. "oidc.linkedin"; unset: LinkedIn is off. */
    NEXT_PUBLIC_FIREBASE_LINKEDIN_PROVIDER_ID: withDefault(z.string().regex(/^oidc\./), ""),
    // @vercel/analytics posts to an endpoint that exists only on Vercel's hosting.
    VERCEL: optional(z.string()),
  })
  .transform(({ VERCEL, ...env }) => {
    const emulated = !env.NEXT_PUBLIC_FIREBASE_API_KEY;
    const projectId = env.NEXT_PUBLIC_FIREBASE_PROJECT_ID ?? EMULATOR_PROJECT_ID;
    return {
      ...env,
      NEXT_PUBLIC_FIREBASE_API_KEY: env.NEXT_PUBLIC_FIREBASE_API_KEY ?? "emulator-api-key",
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: projectId,
      NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN:
        env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST:
        env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST ?? (emulated ? DEFAULT_AUTH_EMULATOR_HOST : ""),
      NEXT_PUBLIC_VERCEL_ANALYTICS: VERCEL ? "1" : "",
    };
  });

export type PublicEnv = z.output<typeof publicEnvSchema>;

/**
 * Validates the browser-visible settings and fills in their defaults. next.config.ts inlines
 * the result into the bundles, so a bad value fails the build and the browser ships no zod.
 */
export function resolvePublicEnv(source: Record<string, string | undefined>): PublicEnv {
  const result = publicEnvSchema.safeParse(source);
  if (!result.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
