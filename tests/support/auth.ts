import { AUTH_EMULATOR_HOST } from "@/tests/global-setup";

const base = `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

type Person = {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  /** Whether the provider vouches for the address (Google does; other providers may not). */
  email_verified?: boolean;
};

/** A real ID token from the Auth emulator for a Google sign-in as `person`. */
export async function googleIdToken(person: Person): Promise<string> {
  const response = await fetch(`${base}/accounts:signInWithIdp?key=any`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      postBody: `id_token=${JSON.stringify({ email_verified: true, ...person })}&providerId=google.com`,
      requestUri: "http://localhost",
      returnSecureToken: true,
    }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`The emulator gave no token: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** The same token with its claims changed: an emulator token is an unsigned JWT. */
export function withClaims(token: string, claims: Record<string, unknown>): string {
  const [header, payload] = token.split(".");
  const decoded = JSON.parse(Buffer.from(payload!, "base64url").toString()) as object;
  const changed = Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString("base64url");
  return `${header}.${changed}.`;
}

/** Does the emulator still know this account? */
export async function accountExists(idToken: string): Promise<boolean> {
  const response = await fetch(`${base}/accounts:lookup?key=any`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ idToken }),
  });
  const body = (await response.json()) as { users?: unknown[] };
  return Boolean(body.users?.length);
}

/** The Authorization header of a request signed in with `token`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
