import { readServerEnv } from "../env";

/** Who a request speaks for, as far as moderation goes: an address, and whether it is verified. */
export type Identity = { email: string | null | undefined; emailVerified: boolean };

/**
 * The person's address when their identity provider verified it, else null. An unverified
 * address is only a claim: a provider that lets anyone sign up with any address would
 * otherwise let them be anyone (issue 40).
 */
export const verifiedEmail = (person: Identity): string | null =>
  person.emailVerified && person.email ? person.email : null;

/**
 * Whether the person moderates the board: their verified address is one of ADMIN_EMAILS. The
 * one check every moderator power goes through (the moderation API, the applicant pipeline,
 * what /api/current_user says), whether the identity comes from a token or a user's row.
 */
export function isModerator(person: Identity): boolean {
  const email = verifiedEmail(person);
  return email !== null && readServerEnv().ADMIN_EMAILS.includes(email.toLowerCase());
}
