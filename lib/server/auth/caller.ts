import type { IncomingHttpHeaders } from "node:http";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { forbidden, unauthenticated } from "../errors";
import { createUser, deletedSince, findUser, syncIdentity } from "../users/users";
import { firebaseAuth } from "./firebase";
import { boardRoleOf } from "../users/moderators";
import {
  BOARD_ROLE_LABELS,
  mayReach,
  type BoardRole,
  type BoardRule,
} from "@/lib/auth/board-roles";

/*
 * Who is calling: the API's pipeline asks these for every operation that is not public.
 */

/** Someone on the board's team (issue 64): their account, its address and their role. */
export type Moderator = { email: string; userId: number; role: BoardRole };

/** The claims of the request's bearer token; 401 when it is missing, invalid or expired. */
export async function verifyBearer(headers: IncomingHttpHeaders) {
  const match = /^Bearer ([^\s]+)$/.exec(headers.authorization ?? "");
  if (!match) throw unauthenticated("Sign in first: this needs a bearer token");
  const auth = await firebaseAuth();
  try {
    return await auth.verifyIdToken(match[1]!);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw unauthenticated(
      code === "auth/id-token-expired"
        ? "Your sign-in has expired; sign in again"
        : "The sign-in token is not valid",
    );
  }
}

/**
 * The signed-in user making the request, created from the token on first sight. Their row's
 * address and whether it is verified follow the token, so that what is checked against the row
 * (who moderates, where mail goes) is what the identity provider says now.
 */
export async function authenticateUser(headers: IncomingHttpHeaders, db: Database): Promise<User> {
  const token = await verifyBearer(headers);
  const identity = { email: token.email ?? null, emailVerified: token.email_verified === true };
  // One query for everyone who has an account; the deletion record matters only to create one.
  const known = await findUser(db, token.uid);
  if (known) return syncIdentity(db, known, identity);
  if (await deletedSince(db, token.uid, new Date(token.auth_time * 1000))) {
    throw unauthenticated("This account was deleted; sign in again to start a new one");
  }
  return createUser(db, {
    uid: token.uid,
    ...identity,
    name: token.name as string | undefined,
    picture: token.picture,
  });
}

/**
 * The board guard (issue 64): the member of the board's team making the request, their role
 * read afresh; 401 without a valid token, 403 for anyone whose role does not reach the
 * operation's area (or who is not on the team).
 */
export async function authenticateModerator(
  headers: IncomingHttpHeaders,
  db: Database,
  rule: BoardRule,
): Promise<Moderator> {
  const user = await authenticateUser(headers, db);
  const role = await boardRoleOf(db, user);
  if (role === null) throw forbidden("Only the board's team can do this");
  if (!mayReach(role, rule.area)) {
    throw forbidden(
      `Your role on the board's team (${BOARD_ROLE_LABELS[role]}) does not reach ${rule.area}`,
    );
  }
  return { email: (user.email ?? "").toLowerCase(), userId: user.id, role };
}
