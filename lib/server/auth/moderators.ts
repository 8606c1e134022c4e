import { readServerEnv } from "../env";

/** Whether `email` is one of ADMIN_EMAILS, the people who moderate listings. */
export function isModeratorEmail(email: string | null | undefined): boolean {
  return Boolean(email) && readServerEnv().ADMIN_EMAILS.includes(email!.toLowerCase());
}
