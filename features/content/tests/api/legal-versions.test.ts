// @vitest-environment node
import { and, eq } from "drizzle-orm";
import type { GetServerSidePropsContext } from "next";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LegalPageProps } from "@/features/content/legal";
import {
  legalVersionServerProps,
  legalServerProps,
} from "@/features/content/server/legal-page-data";
import { onPurge, type Purge } from "@/lib/server/http/page-cache";
import {
  auditLog,
  boardMembers,
  legalAcceptances,
  legalDocumentVersions,
} from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { textLines } from "@/tests/support/pdftotext";

/*
 * The legal documents' versions (issue 64): an editor publishes one (a moderator or finance
 * member may not), numbered without gaps and audited; the page and PDF show it at once (purged),
 * the older version stays at its own address; signed-in people it applies to are asked to
 * accept it until they do, and their acceptance is recorded with the version, their own only.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const versionsRoute = routeFor("/api/moderation/legal/{document}/versions");
const termsRoute = routeFor("/api/current_user/terms");
const pdfRoute = routeFor("/api/pdfs/{document}");

const people = {} as Record<
  "editor" | "moderator" | "finance" | "candidate" | "other" | "employer",
  Person
>;
const purges: Purge[] = [];
let stopListening = () => {};

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", `nobody-${run}@board.example`);
  const db = handle.db;
  for (const name of Object.keys({
    editor: 1,
    moderator: 1,
    finance: 1,
    candidate: 1,
    other: 1,
    employer: 1,
  }) as (keyof typeof people)[]) {
    people[name] = await person(db, `legal-${name}-${run}`, `${name}-${run}@legal.example`, name);
  }
  for (const role of ["editor", "moderator", "finance"] as const) {
    await db.insert(boardMembers).values({ userId: people[role].userId, role });
  }
  await postListing(db, people.employer, `Legal Studio ${run}`);
  stopListening = onPurge((purge) => purges.push(purge));
}, 60_000);

afterAll(() => {
  stopListening();
  vi.unstubAllEnvs();
});

const publish = (who: Person, document: string, body: unknown) =>
  callApi(versionsRoute, {
    method: "POST",
    params: { document },
    headers: bearer(who.token),
    body,
  });

const pending = async (who: Person) => {
  const answer = await callApi(termsRoute, { headers: bearer(who.token) });
  expect(answer.status).toBe(200);
  return (answer.body as { pending: { document: string; version: number; summary: string }[] })
    .pending;
};

const accept = (who: Person, body: unknown) =>
  callApi(termsRoute, { method: "POST", headers: bearer(who.token), body });

/** A page's props as Next.js would get them: the headers it sets, and its props or notFound. */
async function pageProps(
  load: ReturnType<typeof legalServerProps> | typeof legalVersionServerProps,
  params?: Record<string, string>,
) {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (headers[name] = value) };
  const result = await (load as ReturnType<typeof legalServerProps>)({
    params,
    res,
    query: {},
  } as unknown as GetServerSidePropsContext);
  return {
    headers,
    props: "props" in result ? ((await result.props) as LegalPageProps) : null,
    notFound: "notFound" in result,
  };
}

const NEW_TEXT = `Privacy edited ${run}`;

describe("publishing a legal version", () => {
  it("starts every document at version 1, from content/legal", async () => {
    const answer = await callApi(versionsRoute, {
      params: { document: "privacy" },
      headers: bearer(people.editor.token),
    });
    expect(answer.status).toBe(200);
    const { versions } = answer.body as { versions: { version: number; body: string }[] };
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect(versions[0]!.body).toMatch(/^# |\w/);
    // Nobody is asked to accept the version they signed up under.
    expect(await pending(people.candidate)).toEqual([]);
  });

  it("refuses a moderator and a finance member (403), and an empty text or summary (422)", async () => {
    const body = { body: `# Privacy\n\n${NEW_TEXT}`, summary: "Clearer wording." };
    expect((await publish(people.moderator, "privacy", body)).status).toBe(403);
    expect((await publish(people.finance, "privacy", body)).status).toBe(403);
    const empty = await publish(people.editor, "privacy", { body: "  ", summary: "" });
    expect(empty.status).toBe(422);
    expect(Object.keys((empty.body as { errors: object }).errors).sort()).toEqual([
      "body",
      "summary",
    ]);
    const figure = await publish(people.editor, "privacy", {
      ...body,
      body: "Kept {{NO_SUCH}} days",
    });
    expect(figure.status).toBe(422);
    expect((figure.body as { errors: { body: string[] } }).errors.body[0]).toContain("NO_SUCH");
    const rows = await handle.db
      .select()
      .from(legalDocumentVersions)
      .where(eq(legalDocumentVersions.document, "privacy"));
    expect(rows).toHaveLength(1);
  });

  it("publishes as an editor: version 2, audited with who, the pages purged", async () => {
    purges.length = 0;
    const answer = await publish(people.editor, "privacy", {
      body: `# Privacy\n\n${NEW_TEXT}. Kept {{APPLICATION_RETENTION_DAYS}} days.`,
      summary: "Clearer wording.",
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      document: "privacy",
      version: 2,
      summary: "Clearer wording.",
      published_by: people.editor.userId,
    });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "legal.publish"), eq(auditLog.subjectType, "legal_version")));
    expect(entry).toMatchObject({ actorEmail: people.editor.email, actorId: people.editor.userId });
    expect(entry!.detail).toMatchObject({ document: "privacy", version: 2 });
    expect(purges.flatMap((purge) => purge.paths)).toEqual(
      expect.arrayContaining(["/pdfs/privacy", "/api/pdfs/privacy"]),
    );
    expect(purges.flatMap((purge) => purge.prefixes)).toContain("/pdfs/privacy/versions/");
  });

  it("numbers versions without gaps, two at once included", async () => {
    const both = await Promise.all([
      publish(people.editor, "privacy", { body: `${NEW_TEXT} A`, summary: "A." }),
      publish(people.editor, "privacy", { body: `${NEW_TEXT} B`, summary: "B." }),
    ]);
    // Either both got in, one after the other, or the later was refused to be tried again.
    expect(both.map((answer) => answer.status).every((s) => s === 201 || s === 409)).toBe(true);
    const again = both.some((answer) => answer.status === 409)
      ? await publish(people.editor, "privacy", { body: `${NEW_TEXT} B`, summary: "B." })
      : null;
    if (again) expect(again.status).toBe(201);
    const rows = await handle.db
      .select({ version: legalDocumentVersions.version })
      .from(legalDocumentVersions)
      .where(eq(legalDocumentVersions.document, "privacy"))
      .orderBy(legalDocumentVersions.version);
    expect(rows.map((row) => row.version)).toEqual([1, 2, 3, 4]);
    // Back to the text the next tests read.
    expect(
      (
        await publish(people.editor, "privacy", {
          body: `# Privacy\n\n${NEW_TEXT}. Kept {{APPLICATION_RETENTION_DAYS}} days.`,
          summary: "Back to the clearer wording.",
        })
      ).status,
    ).toBe(201);
  });
});

describe("a document's versions on the site", () => {
  it("shows the current version at its route, with every version's summary", async () => {
    const { props, headers } = await pageProps(legalServerProps("privacy"));
    expect(headers["Cache-Control"]).toContain("public");
    expect(props!.document).toMatchObject({ version: 5, current: 5 });
    expect(props!.document.html).toContain(NEW_TEXT);
    // The figure filled in, as on the file's version.
    expect(props!.document.html).not.toContain("{{");
    expect(props!.versions.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
    expect(props!.versions[4]!.summary).toBe("First published version.");
  });

  it("keeps an older version readable at its own address", async () => {
    const old = await pageProps(legalVersionServerProps, { document: "privacy", version: "1" });
    expect(old.props!.document).toMatchObject({ version: 1, current: 5 });
    expect(old.props!.document.html).not.toContain(NEW_TEXT);
    for (const params of [
      { document: "privacy", version: "99" },
      { document: "privacy", version: "0" },
      { document: "privacy", version: "1x" },
      { document: "cookies", version: "1" },
    ]) {
      expect((await pageProps(legalVersionServerProps, params)).notFound).toBe(true);
    }
  });

  it("makes the PDF from the current version, and an older one's on asking", async () => {
    const current = await callApi(pdfRoute, { params: { document: "privacy" } });
    expect(current.status).toBe(200);
    expect((await textLines(current.bytes)).join(" ")).toContain(NEW_TEXT);
    const old = await callApi(pdfRoute, {
      params: { document: "privacy" },
      query: { version: "1" },
    });
    expect(old.status).toBe(200);
    expect(String(old.headers["content-disposition"])).toContain("-v1.pdf");
    expect((await textLines(old.bytes)).join(" ")).not.toContain(NEW_TEXT);
    const missing = await callApi(pdfRoute, {
      params: { document: "privacy" },
      query: { version: "99" },
    });
    expect(missing.status).toBe(404);
  }, 30_000);
});

describe("accepting new terms", () => {
  it("asks a candidate once for the new privacy policy, and no more once accepted", async () => {
    const asked = await pending(people.candidate);
    expect(asked).toEqual([
      expect.objectContaining({
        document: "privacy",
        version: 5,
        summary: "Back to the clearer wording.",
      }),
    ]);
    const accepted = await accept(people.candidate, { document: "privacy", version: 5 });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ document: "privacy", version: 5 });
    const rows = await handle.db
      .select()
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, people.candidate.userId));
    expect(rows.map((row) => [row.document, row.version])).toEqual([["privacy", 5]]);
    expect(await pending(people.candidate)).toEqual([]);
    // Accepting again changes nothing.
    expect((await accept(people.candidate, { document: "privacy", version: 5 })).status).toBe(200);
  });

  it("asks an employer for the employers' documents, a candidate not", async () => {
    expect(
      (await publish(people.editor, "acceptable-use", { body: "Be kind.", summary: "Shorter." }))
        .status,
    ).toBe(201);
    const documents = (await pending(people.employer)).map((term) => term.document).sort();
    expect(documents).toEqual(["acceptable-use", "privacy"]);
    expect(await pending(people.candidate)).toEqual([]);
  });

  it("refuses an old version (409), an unknown one (404) and a user named in the body (422)", async () => {
    expect((await accept(people.other, { document: "privacy", version: 4 })).status).toBe(409);
    expect((await accept(people.other, { document: "privacy", version: 9 })).status).toBe(404);
    const forSomeoneElse = await accept(people.other, {
      document: "privacy",
      version: 5,
      user_id: people.employer.userId,
    });
    expect(forSomeoneElse.status).toBe(422);
    // The other person's own acceptance is theirs: the employer is still asked.
    expect((await accept(people.other, { document: "privacy", version: 5 })).status).toBe(200);
    expect((await pending(people.employer)).map((term) => term.document)).toContain("privacy");
    const signedOut = await callApi(termsRoute, {
      method: "POST",
      body: { document: "privacy", version: 5 },
    });
    expect(signedOut.status).toBe(401);
  });
});
