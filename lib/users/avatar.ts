/*
 * Pictures come from the identity provider's `picture` claim, which is only as trustworthy as
 * the provider. Only https pictures on the providers' own image hosts are kept and shown, and
 * they are shown through next/image (next.config.ts allows these hosts and no others), so a
 * visitor's browser never fetches from anywhere a user chose.
 */

/** Spec §3: the avatar's sizes, in CSS pixels. */
export const AVATAR_SIZES = {
  xsmall: 24,
  chat: 32,
  small: 40,
  medium: 48,
  list: 64,
  large: 96,
} as const;

/** Google's profile photos (Google sign-in) and LinkedIn's (the LinkedIn OIDC provider). */
export const AVATAR_HOSTS = [
  "lh3.googleusercontent.com",
  "lh4.googleusercontent.com",
  "lh5.googleusercontent.com",
  "lh6.googleusercontent.com",
  "media.licdn.com",
] as const;

/** The picture's address if it is one we show, else null. */
export function trustedAvatarUrl(url: string | null | undefined): string | null {
  if (!url || url.length > 2048) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const plain =
    parsed.protocol === "https:" && !parsed.username && !parsed.password && !parsed.port;
  return plain && (AVATAR_HOSTS as readonly string[]).includes(parsed.hostname)
    ? parsed.href
    : null;
}
