/*
 * A company's website as the board checks addresses against it: its host, and whether an e-mail
 * address is at it (a claim of an imported company, features/imports/server/claim.ts; the company
 * page's note on who may claim it).
 */

/** The host a company's website names, without "www.", lowercased; null when it names none. */
export function websiteHost(website: string | null): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/** Whether `email` is at `host` or a domain above it ("jo@acme.com" for "careers.acme.com"). */
export function isAtDomain(email: string, host: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (!domain.includes(".")) return false;
  return host === domain || host.endsWith(`.${domain}`);
}
