import { createHash, randomBytes } from "node:crypto";

/*
 * An invitation's single-use link (a company's team, issue 44; the board's own team, issue 64):
 * a random token in the link's fragment, of which only the SHA-256 is stored, so the table alone
 * opens no door.
 */

/** The SHA-256 of an invitation's token, as the tables keep it. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new invitation token: 32 random bytes, 43 base64url characters. */
export const newInvitationToken = () => randomBytes(32).toString("base64url");

/**
 * An address as shown to someone it may not belong to: its first letter and its domain
 * (`j•••@example.com`), enough to tell which of one's accounts it is, too little to mail it.
 */
export function maskedAddress(email: string): string {
  const at = email.lastIndexOf("@");
  const [first = ""] = email.slice(0, Math.max(at, 0));
  return `${first}•••${at < 0 ? "" : email.slice(at)}`;
}
