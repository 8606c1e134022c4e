import { z } from "zod";

/** Unset and blank are the same thing in a .env file. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const withDefault = <T extends z.ZodType<string>>(schema: T, fallback: string) =>
  optional(schema).transform((value) => value ?? fallback);

const publicEnvSchema = z
  .object({
    NEXT_PUBLIC_SITE_URL: withDefault(z.url(), "http://127.0.0.1:3000").transform((url) =>
      url.replace(/\/$/, ""),
    ),
    NEXT_PUBLIC_SUPPORT_EMAIL: withDefault(z.email(), "support@creatorjobs.co"),
    NEXT_PUBLIC_NEWSLETTER_URL: withDefault(z.url(), "https://newsletter.creatorjobs.co"),
    NEXT_PUBLIC_SOCIAL_URL: withDefault(z.url(), "https://www.linkedin.com/company/creatorjobs"),
    NEXT_PUBLIC_TOOLS_DIRECTORY_URL: withDefault(z.url(), "https://tools.creatorjobs.co"),
    NEXT_PUBLIC_RECAPTCHA_SITE_KEY: withDefault(z.string(), ""),
    NEXT_PUBLIC_SENTRY_DSN: withDefault(z.url(), ""),
    // @vercel/analytics posts to an endpoint that exists only on Vercel's hosting.
    VERCEL: optional(z.string()),
  })
  .transform(({ VERCEL, ...env }) => ({
    ...env,
    NEXT_PUBLIC_VERCEL_ANALYTICS: VERCEL ? "1" : "",
  }));

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
