import type { NextApiRequest } from "next";
import { readServerEnv } from "../env";
import { HttpError } from "../http/errors";
import { verifyBearer } from "./require-user";

/** Whether `email` is one of ADMIN_EMAILS, the people who moderate listings. */
export function isModeratorEmail(email: string | null | undefined): boolean {
  return Boolean(email) && readServerEnv().ADMIN_EMAILS.includes(email!.toLowerCase());
}

/**
 * The moderator making the request, by the verified email on their token: 401 without a valid
 * token, 403 for anyone not in ADMIN_EMAILS.
 */
export async function requireModerator(req: Pick<NextApiRequest, "headers">): Promise<string> {
  const token = await verifyBearer(req);
  if (token.email_verified !== true || !isModeratorEmail(token.email)) {
    throw new HttpError(403, "Only moderators can review listings");
  }
  return token.email!.toLowerCase();
}
