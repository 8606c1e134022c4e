// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BOARD_AREAS, mayReach, type BoardArea, type BoardRole } from "@/lib/auth/board-roles";
import { operations } from "@/lib/api-registry/operations";
import { operation } from "@/lib/api/operation";
import { eq } from "drizzle-orm";
import { boardMembers, jobApplications } from "@/lib/server/db/schema";
import { cvStore, newCvKey } from "@/lib/server/storage/cv-store";
import { callApi } from "@/tests/api/call";
import {
  applicant,
  documentedOperations,
  person,
  postListing,
  routeFor,
  statusesByCaller,
  type Person,
} from "@/tests/api/team-suite";
import { onePagePdf } from "@/tests/fixtures/pdf";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The board's role matrix (issue 64): every moderator operation of the OpenAPI document, called
 * by each role of the board's team (an owner ADMIN_EMAILS names, an owner, a moderator, an
 * editor and a finance member by their rows), someone on no team and nobody signed in, answers
 * as the board guard must: the roles reaching its area get through, the others 403.
 *
 * Each call carries a body the operation refuses, so one that gets past the guard is 422 and
 * changes nothing: 422 is the mark of "allowed".
 */

type DocOperation = { operationId: string; "x-board-area"?: BoardArea; deprecated?: boolean };
const all = documentedOperations<DocOperation>();
const boardOperations = all.filter((operation) => operation["x-board-area"]);

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const NAMED_OWNER = `named-owner-${run}@board.example`;

type Caller = "namedOwner" | BoardRole | "nobody" | "signedOut";
const CALLERS: Caller[] = [
  "namedOwner",
  "owner",
  "moderator",
  "editor",
  "finance",
  "nobody",
  "signedOut",
];
const people = {} as Record<Exclude<Caller, "signedOut"> | "employer", Person>;

/** Well-formed path values: the guard answers before anything is looked up. */
const ids = {
  listingId: 1,
  enquiryId: 1,
  editId: 1,
  sourceId: 1,
  invoiceId: 1,
  companyId: 1,
  memberId: 1,
  invitationId: 1,
  couponId: 1,
  postId: 1,
  issueId: 1,
  channel: "discord",
  authorId: 1,
  slug: "standard",
  document: "privacy",
  key: "0123456789abcdef0123",
  queueJobId: "00000000-0000-4000-8000-000000000000",
};

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", NAMED_OWNER);
  const db = handle.db;
  people.namedOwner = await person(db, `named-${run}`, NAMED_OWNER, "Named");
  for (const name of ["owner", "moderator", "editor", "finance", "nobody", "employer"] as const) {
    people[name] = await person(db, `${name}-${run}`, `${name}-${run}@board.example`, name);
    if (name !== "nobody" && name !== "employer") {
      await db.insert(boardMembers).values({ userId: people[name].userId, role: name });
    }
  }
}, 60_000);

afterAll(() => {
  vi.unstubAllEnvs();
});

function expected(area: BoardArea, caller: Caller): number {
  if (caller === "signedOut") return 401;
  if (caller === "nobody") return 403;
  return mayReach(caller === "namedOwner" ? "owner" : caller, area) ? 422 : 403;
}

describe("the board's role matrix", () => {
  it("gives every moderator operation an area", () => {
    // The type says so first: a moderator operation without its area does not compile.
    // @ts-expect-error board is required with access "moderator"
    operation({ method: "GET", path: "/api/x", summary: "x", access: "moderator", answers: {} });
    const moderatorOperations = Object.entries(operations)
      .filter(([, operation]) => operation.access === "moderator")
      .map(([id]) => id)
      .sort();
    expect(boardOperations.map((operation) => operation.operationId).sort()).toEqual(
      moderatorOperations,
    );
    for (const operation of boardOperations) {
      expect(BOARD_AREAS).toContain(operation["x-board-area"]);
    }
  });

  it.each(boardOperations.map((operation) => [`${operation.method} ${operation.path}`, operation]))(
    "%s answers each role as the board guard must",
    async (_name, operation) => {
      const answers = await statusesByCaller(
        operation,
        CALLERS,
        (caller) => (caller === "signedOut" ? null : people[caller].token),
        ids,
      );
      const wanted = Object.fromEntries(
        CALLERS.map((caller) => [caller, expected(operation["x-board-area"]!, caller)]),
      );
      expect(answers).toEqual(wanted);
    },
  );

  it("says each role's areas in /api/current_user", async () => {
    const handler = routeFor("/api/current_user");
    for (const caller of ["namedOwner", "editor", "finance", "nobody"] as const) {
      const me = await callApi(handler, { headers: bearer(people[caller].token) });
      const role = caller === "namedOwner" ? "owner" : caller === "nobody" ? null : caller;
      expect(me.body).toMatchObject({
        is_moderator: role !== null,
        board_role: role,
        board_areas: BOARD_AREAS.filter((area) => mayReach(role, area)),
      });
    }
  });

  // The issue's "an editor cannot open an invoice or a CV": by name, so a renamed or moved
  // operation cannot drop out of the matrix above unnoticed.
  const MONEY_AND_PEOPLE = [
    "listInvoices",
    "getModeratorInvoicePdf",
    "markInvoicePaid",
    "refundInvoice",
    "setCreditLimit",
    "setPaymentTerms",
    "getRevenueReport",
    "getRevenueCsv",
    "moderatorProfile",
    "getReviewQueue",
    "listEnquiries",
    "listAuditLog",
    "getBoardTeam",
  ];

  it("refuses an editor every operation outside content: invoices, refunds, revenue, the directory", async () => {
    const outside = boardOperations.filter((operation) => operation["x-board-area"] !== "content");
    expect(outside.map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(MONEY_AND_PEOPLE),
    );
    for (const operation of outside) {
      const answers = await statusesByCaller(operation, ["editor"], () => people.editor.token, ids);
      expect([operation.operationId, answers.editor]).toEqual([operation.operationId, 403]);
    }
  });

  it("refuses a finance member every content operation", async () => {
    const content = boardOperations.filter((operation) => operation["x-board-area"] === "content");
    for (const operation of content) {
      const answers = await statusesByCaller(
        operation,
        ["finance", "editor"],
        (caller) => people[caller].token,
        ids,
      );
      expect([operation.operationId, answers]).toEqual([
        operation.operationId,
        { finance: 403, editor: 422 },
      ]);
    }
  });

  it("lets owners and moderators read the board's analytics (area insights), not editors or finance", async () => {
    const insights = boardOperations.filter(
      (operation) => operation["x-board-area"] === "insights",
    );
    expect(insights.map((operation) => operation.operationId).sort()).toEqual([
      "getAnalyticsCsv",
      "getAnalyticsReport",
    ]);
    for (const operation of insights) {
      const answers = await statusesByCaller(
        operation,
        ["namedOwner", "owner", "moderator", "editor", "finance", "nobody"],
        (caller) => people[caller].token,
        ids,
      );
      expect([operation.operationId, answers]).toEqual([
        operation.operationId,
        { namedOwner: 422, owner: 422, moderator: 422, editor: 403, finance: 403, nobody: 403 },
      ]);
    }
  });

  it("keeps applicants and CVs from an editor and finance through the employers' routes", async () => {
    // A real listing with a real applicant: the employer reads them, a moderator reads them
    // (issue 64: a role reaching listings), an editor and a finance member are refused.
    const { jobId } = await postListing(handle.db, people.employer, `Studio ${run}`);
    const applicationId = await applicant(handle.db, jobId, `ada-${run}`);
    const cvKey = newCvKey();
    await cvStore().put(cvKey, await onePagePdf());
    await handle.db
      .update(jobApplications)
      .set({ cvKey, cvName: "ada-cv.pdf" })
      .where(eq(jobApplications.id, applicationId));
    const reads = [
      ["/api/listings/{listingId}/applicants", { listingId: jobId }],
      ["/api/listings/{listingId}/applicants/{applicationId}", { listingId: jobId, applicationId }],
      [
        "/api/listings/{listingId}/applicants/{applicationId}/cv",
        { listingId: jobId, applicationId },
      ],
      ["/api/listings/{listingId}/applicants.csv", { listingId: jobId }],
    ] as const;
    for (const [path, params] of reads) {
      const statuses: Record<string, number> = {};
      for (const caller of ["employer", "moderator", "editor", "finance"] as const) {
        const answer = await callApi(routeFor(path), {
          params: Object.fromEntries(
            Object.entries(params).map(([key, value]) => [key, String(value)]),
          ),
          headers: bearer(people[caller].token),
        });
        statuses[caller] = answer.status;
      }
      // Someone in no company is told there is none (404): nothing of the listing shows.
      expect([path, statuses]).toEqual([
        path,
        { employer: 200, moderator: 200, editor: 404, finance: 404 },
      ]);
    }
    // The employers' directory wants a company of one's own.
    for (const path of ["/api/company/talent", "/api/company/talent/{key}"]) {
      const answer = await callApi(routeFor(path), {
        params: path.includes("{key}") ? { key: ids.key } : {},
        headers: bearer(people.editor.token),
      });
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).not.toHaveProperty("profiles");
    }
  });
});
