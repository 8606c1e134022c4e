import { afterAll, beforeAll, vi } from "vitest";
import { onPurge, type Purge } from "@/lib/server/http/page-cache";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * What the API tests of the offer console (issue 63) share: the real database, a moderator and
 * an employer with real emulator tokens, the purges the console makes, and a call to one of its
 * routes as the moderator (or as `token`, or signed out with null).
 */

type Call = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  slug?: string;
  body?: unknown;
  token?: string | null;
};

/** Sets up the file's database, people and purge listener; `name` tells the file's people apart. */
export function offerConsoleSuite(name: string) {
  const handle = setUpTestDatabase();
  const run = Math.random().toString(36).slice(2, 8);
  const MODERATOR = `${name}-moderator-${run}@creatorjobs.example`;
  const tokens = { moderator: "", employer: "" };
  const purges: Purge[] = [];
  let stopListening = () => {};

  beforeAll(async () => {
    vi.stubEnv("ADMIN_EMAILS", MODERATOR);
    [tokens.moderator, tokens.employer] = await Promise.all([
      googleIdToken({ sub: `${name}-mod-${run}`, email: MODERATOR, name: "Mona" }),
      googleIdToken({
        sub: `${name}-emp-${run}`,
        email: `emp-${run}@studio.example`,
        name: "Emil",
      }),
    ]);
    stopListening = onPurge((purge) => purges.push(purge));
  });

  afterAll(() => {
    stopListening();
    vi.unstubAllEnvs();
  });

  const call = (handler: Parameters<typeof callApi>[0], options: Call = {}) =>
    callApi(handler, {
      method: options.method ?? "GET",
      headers: options.token === null ? {} : bearer(options.token ?? tokens.moderator),
      ...(options.slug !== undefined && { params: { slug: options.slug } }),
      ...(options.body !== undefined && { body: options.body }),
    });

  return { handle, run, MODERATOR, tokens, purges, call };
}
