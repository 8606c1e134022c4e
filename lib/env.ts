import { z } from "zod";

/** Unset and blank are the same thing in a .env file. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const publicEnvSchema = z.object({
  NEXT_PUBLIC_SITE_URL: optional(z.url()).transform((url) =>
    (url ?? "http://127.0.0.1:3000").replace(/\/$/, ""),
  ),
  NEXT_PUBLIC_SUPPORT_EMAIL: optional(z.email()).transform(
    (email) => email ?? "support@creatorjobs.co",
  ),
  NEXT_PUBLIC_NEWSLETTER_URL: optional(z.url()).transform(
    (url) => url ?? "https://newsletter.creatorjobs.co",
  ),
  NEXT_PUBLIC_SOCIAL_URL: optional(z.url()).transform(
    (url) => url ?? "https://www.linkedin.com/company/creatorjobs",
  ),
  NEXT_PUBLIC_TOOLS_DIRECTORY_URL: optional(z.url()).transform(
    (url) => url ?? "https://tools.creatorjobs.co",
  ),
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: optional(z.string()),
  NEXT_PUBLIC_SENTRY_DSN: optional(z.url()),
  NEXT_PUBLIC_VERCEL_ANALYTICS: optional(z.enum(["1"])),
});

export type PublicEnv = z.infer<typeof publicEnvSchema>;

/**
 * Next.js inlines NEXT_PUBLIC_* values into the browser bundle only where the code names
 * them literally, so each one is read here by name and validated once.
 */
export const publicEnv: PublicEnv = publicEnvSchema.parse({
  NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL,
  NEXT_PUBLIC_SUPPORT_EMAIL: process.env.NEXT_PUBLIC_SUPPORT_EMAIL,
  NEXT_PUBLIC_NEWSLETTER_URL: process.env.NEXT_PUBLIC_NEWSLETTER_URL,
  NEXT_PUBLIC_SOCIAL_URL: process.env.NEXT_PUBLIC_SOCIAL_URL,
  NEXT_PUBLIC_TOOLS_DIRECTORY_URL: process.env.NEXT_PUBLIC_TOOLS_DIRECTORY_URL,
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY,
  NEXT_PUBLIC_SENTRY_DSN: process.env.NEXT_PUBLIC_SENTRY_DSN,
  NEXT_PUBLIC_VERCEL_ANALYTICS: process.env.NEXT_PUBLIC_VERCEL_ANALYTICS,
});
