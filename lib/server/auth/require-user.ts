import type { NextApiRequest } from "next";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { HttpError } from "../http/errors";
import { createUser, deletedSince, findUser } from "../users/users-service";
import { firebaseAuth } from "./firebase";

/** The uid of the bearer token's user; 401 when the token is missing, invalid or expired. */
export async function verifyBearer(req: Pick<NextApiRequest, "headers">) {
  const match = /^Bearer ([^\s]+)$/.exec(req.headers.authorization ?? "");
  if (!match) throw new HttpError(401, "Sign in first: this needs a bearer token");
  const auth = firebaseAuth();
  try {
    return await auth.verifyIdToken(match[1]!);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new HttpError(
      401,
      code === "auth/id-token-expired"
        ? "Your sign-in has expired; sign in again"
        : "The sign-in token is not valid",
    );
  }
}

/** The signed-in user making the request, created from the token on first sight. */
export async function requireUser(
  req: Pick<NextApiRequest, "headers">,
  db: Database,
): Promise<User> {
  const token = await verifyBearer(req);
  // One query for everyone who has an account; the deletion record matters only to create one.
  const known = await findUser(db, token.uid);
  if (known) return known;
  if (await deletedSince(db, token.uid, new Date(token.auth_time * 1000))) {
    throw new HttpError(401, "This account was deleted; sign in again to start a new one");
  }
  return createUser(db, {
    uid: token.uid,
    email: token.email,
    name: token.name as string | undefined,
    picture: token.picture,
  });
}
