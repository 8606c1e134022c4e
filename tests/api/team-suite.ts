import { eq, sql } from "drizzle-orm";
import type { NextApiHandler } from "next";
import { expect } from "vitest";
import { openApiDocument } from "@/lib/api-registry/openapi";
import type { CompanyRole } from "@/lib/auth/company-roles";
import type { ApiRoute } from "@/lib/server/http/api-route";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { jobApplications, jobs, users } from "@/lib/server/db/schema";
import currentUserHandler from "@/pages/api/current_user";
import listingsHandler from "@/pages/api/listings/index";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { addMember } from "@/tests/support/teams";
import { validSubmission } from "@/tests/fixtures/job-submission";

/*
 * The setting of the team tests (issue 44): real emulator tokens for the people around one
 * company, and the API's routes found by the path they serve, as the OpenAPI document names it.
 */

const routes = import.meta.glob<{ default: ApiRoute }>("/pages/api/**/*.ts", { eager: true });

/** The route serving `path` ("/api/company/members/{memberId}"), as the route files name it. */
export function routeFor(path: string): NextApiHandler {
  for (const route of Object.values(routes)) {
    if (route.default.operations?.some((operation) => operation.path === path)) {
      return route.default;
    }
  }
  throw new Error(`No route serves ${path}`);
}

/** The values of a path's parameters, by name, from `values`; a name with none fails. */
export function paramsOf(path: string, values: Record<string, number | string>) {
  return Object.fromEntries(
    [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
      const value = values[name!];
      if (value === undefined) throw new Error(`The role matrix has no value for {${name}}`);
      return [name!, String(value)];
    }),
  );
}

/**
 * Every operation of the OpenAPI document once, at its own path, with its extensions: a renamed
 * path's old one (deprecated, rewritten to the same route: tests/server/renamed-paths.test.ts)
 * is the same operation. What the role matrices call.
 */
export function documentedOperations<T extends { operationId: string; deprecated?: boolean }>() {
  const document = openApiDocument() as unknown as { paths: Record<string, Record<string, T>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => !operation.deprecated)
      .map(([method, operation]) => ({ path, method: method.toUpperCase(), ...operation })),
  );
}

/**
 * Calls `operation` as each caller (a token, or null for nobody signed in) with a body it
 * refuses, so one let through is 422 and changes nothing; answers the statuses by caller.
 */
export async function statusesByCaller<C extends string>(
  operation: { path: string; method: string },
  callers: readonly C[],
  tokenOf: (caller: C) => string | null,
  ids: Record<string, number | string>,
) {
  const handler = routeFor(operation.path);
  const answers = {} as Record<C, number>;
  for (const caller of callers) {
    const token = tokenOf(caller);
    const { status } = await callApi(handler, {
      method: operation.method as "GET",
      params: paramsOf(operation.path, ids),
      headers: token ? bearer(token) : {},
      body: { unexpected: true },
    });
    answers[caller] = status;
  }
  return answers;
}

export type Person = { token: string; userId: number; email: string };

/** A person with a verified Google address, their account made by a first request. */
export async function person(db: Database, sub: string, email: string, name: string) {
  const token = await googleIdToken({ sub, email, name });
  const me = await callApi(currentUserHandler, { headers: bearer(token) });
  expect(me.status).toBe(200);
  return { token, userId: (me.body as { id: number }).id, email } satisfies Person;
}

/** `owner` posts a listing: their first makes the company, with them its owner. */
export async function postListing(db: Database, owner: Person, companyName: string) {
  const body = { ...validSubmission(), plan: "standard" };
  body.company = { ...body.company, name: companyName };
  const posted = await callApi(listingsHandler, {
    method: "POST",
    headers: bearer(owner.token),
    body,
  });
  expect(posted.status).toBe(201);
  const id = (posted.body as { id: number }).id;
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return { jobId: id, companyId: row!.companyId };
}

/** Puts `who` in the company with `role`; answers their membership's id. */
export const join = async (db: Database, companyId: number, who: Person, role: CompanyRole) =>
  (await addMember(db, companyId, { id: who.userId }, role)).id;

/** An application to `jobId` by a candidate of the test's own, stored as the board stores one. */
export async function applicant(db: Database, jobId: number, name: string) {
  const [candidate] = await db
    .insert(users)
    .values({ firebaseUid: `candidate-${name}-${jobId}`, email: `${name}@candidate.example` })
    .returning();
  const [row] = await db
    .insert(jobApplications)
    .values({ jobId, userId: candidate!.id, fullName: name, email: candidate!.email })
    .returning();
  return row!.id;
}

/** The mail queued with `template`, oldest first, as the queue holds it. */
export async function queuedMail(db: Database, template: string) {
  return rowsOf<{ data: { template: string; to: string; props: Record<string, unknown> } }>(
    await db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'template' = ${template} order by created_on`,
    ),
  ).map((row) => row.data);
}
