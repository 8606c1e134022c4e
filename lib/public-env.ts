/**
 * The browser-visible settings, validated and defaulted by `resolvePublicEnv` (lib/env.ts) and
 * inlined by next.config.ts. Each is named literally, as Next.js inlines only literal names.
 */
export const publicEnv = {
  siteUrl: process.env.NEXT_PUBLIC_SITE_URL ?? "",
  supportEmail: process.env.NEXT_PUBLIC_SUPPORT_EMAIL ?? "",
  newsletterUrl: process.env.NEXT_PUBLIC_NEWSLETTER_URL ?? "",
  socialUrl: process.env.NEXT_PUBLIC_SOCIAL_URL ?? "",
  toolsDirectoryUrl: process.env.NEXT_PUBLIC_TOOLS_DIRECTORY_URL ?? "",
  recaptchaSiteKey: process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY || undefined,
  sentryDsn: process.env.NEXT_PUBLIC_SENTRY_DSN || undefined,
  firebase: {
    apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY ?? "",
    authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN ?? "",
    projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID ?? "",
  },
  /** Set when the browser signs in against the Firebase Auth emulator. */
  authEmulatorHost: process.env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST || undefined,
  linkedinProviderId: process.env.NEXT_PUBLIC_FIREBASE_LINKEDIN_PROVIDER_ID || undefined,
  vercelAnalytics: process.env.NEXT_PUBLIC_VERCEL_ANALYTICS === "1",
};
