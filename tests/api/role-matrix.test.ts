// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { roleAtLeast, type CompanyRole } from "@/lib/auth/company-roles";
import { sourceRulesSchema } from "@/features/imports/schemas";
import { atsSources } from "@/lib/server/db/schema";
import inviteHandler from "@/pages/api/company/invitations/index";
import memberHandler from "@/pages/api/company/members/[memberId]";
import { callApi } from "@/tests/api/call";
import {
  applicant,
  documentedOperations,
  join,
  person,
  postListing,
  routeFor,
  statusesByCaller,
  type Person,
} from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The role matrix (issue 44): every employer operation of the OpenAPI document, called by each
 * kind of caller, answers as the employer guard must: owner, admin, recruiter and viewer by
 * their role (403 below the operation's), a removed member, a member of another company, someone
 * in no company and a moderator by whose ids they name (404), and nobody signed in 401.
 *
 * Each call carries a body the operation refuses (a GET or a body-less operation takes none; the
 * others take no `unexpected` key), so one that gets past the guard is 422 and changes nothing:
 * 422 is the mark of "allowed". A new employer operation joins the matrix by its place in the
 * document; one under the employer's paths without a role fails the first test.
 */

type DocOperation = {
  operationId: string;
  "x-employer-role"?: CompanyRole;
  "x-employer-without-company"?: boolean;
  deprecated?: boolean;
};
const all = documentedOperations<DocOperation>();
const employerOperations = all.filter((operation) => operation["x-employer-role"]);

/**
 * The least role of each employer operation, as issue 44 sets them: what the document says is
 * checked against this, so a role changed by mistake in lib/api fails here too.
 */
const LEAST_ROLE: Record<string, CompanyRole> = {
  // The company page and its logo
  getOwnCompany: "viewer",
  updateOwnCompany: "recruiter",
  uploadCompanyLogo: "recruiter",
  removeCompanyLogo: "recruiter",
  // Billing (issue 45)
  getBillingDetails: "admin",
  updateBillingDetails: "admin",
  getBillingContact: "admin",
  updateBillingContact: "admin",
  getBilling: "admin",
  getInvoicePdf: "admin",
  getCreditBalance: "recruiter",
  buyPack: "admin",
  // What a coupon takes off before buying (issue 63): whoever may post or buy.
  quoteCoupon: "recruiter",
  // Employer subscriptions (issue 63): read by whoever may post; subscribing is the admins'.
  getSubscription: "recruiter",
  startSubscription: "admin",
  changeSubscription: "admin",
  cancelSubscription: "admin",
  openSubscriptionPortal: "admin",
  // Imports from an ATS (issue 46)
  previewImport: "admin",
  listImports: "admin",
  addImport: "admin",
  changeImport: "admin",
  removeImport: "admin",
  runImport: "admin",
  // The team
  getTeam: "viewer",
  updateMembership: "viewer",
  leaveCompany: "viewer",
  inviteMember: "admin",
  resendInvitation: "admin",
  withdrawInvitation: "admin",
  changeMemberRole: "admin",
  removeMember: "admin",
  getCompanyActivity: "admin",
  handOverCompany: "owner",
  // Listings
  listOwnListings: "viewer",
  getOwnListing: "viewer",
  getListingStats: "viewer",
  getEmployerFunnel: "viewer",
  submitListing: "recruiter",
  payForListing: "recruiter",
  editListing: "recruiter",
  fillListing: "recruiter",
  withdrawListing: "recruiter",
  renewListing: "recruiter",
  upgradeListing: "recruiter",
  // Applicants
  listApplicants: "viewer",
  getApplicant: "viewer",
  exportApplicants: "viewer",
  getApplicantCv: "viewer",
  moveApplicant: "recruiter",
  rejectApplicants: "recruiter",
  writeToCandidate: "recruiter",
  addApplicantNote: "recruiter",
  // The candidate directory (issue 47)
  searchDirectory: "viewer",
  openDirectoryProfile: "viewer",
  inviteCandidate: "recruiter",
  listSentInvitations: "viewer",
};

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `moderator-${run}@creatorjobs.example`;

type Caller =
  | "owner"
  | "admin"
  | "recruiter"
  | "viewer"
  | "removed"
  | "otherCompany"
  | "noCompany"
  | "moderator"
  | "signedOut";
const CALLERS: Caller[] = [
  "owner",
  "admin",
  "recruiter",
  "viewer",
  "removed",
  "otherCompany",
  "noCompany",
  "moderator",
  "signedOut",
];
const people = {} as Record<Exclude<Caller, "signedOut">, Person>;
const ids = {} as Record<string, number | string>;

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  const db = handle.db;
  const names = ["owner", "admin", "recruiter", "viewer", "removed", "otherCompany", "noCompany"];
  const made = await Promise.all(
    names.map((name) =>
      person(db, `${name}-${run}`, `${name.toLowerCase()}-${run}@studio.example`, name),
    ),
  );
  names.forEach((name, index) => (people[name as Caller & keyof typeof people] = made[index]!));
  people.moderator = await person(db, `moderator-${run}`, MODERATOR, "Mo");

  const listing = await postListing(db, people.owner, `Matrix Studio ${run}`);
  await postListing(db, people.otherCompany, `Other Studio ${run}`);
  ids.listingId = listing.jobId;
  // A well-formed profile key (the directory's paths): the guard answers before it is looked up.
  ids.key = "0123456789abcdef0123";
  ids.applicationId = await applicant(db, listing.jobId, `ada-${run}`);
  await join(db, listing.companyId, people.admin, "admin");
  ids.memberId = await join(db, listing.companyId, people.recruiter, "recruiter");
  await join(db, listing.companyId, people.viewer, "viewer");
  const removed = await join(db, listing.companyId, people.removed, "recruiter");
  const removal = await callApi(memberHandler, {
    method: "DELETE",
    params: { memberId: String(removed) },
    headers: bearer(people.owner.token),
  });
  expect(removal.status).toBe(200);
  const invited = await callApi(inviteHandler, {
    method: "POST",
    headers: bearer(people.owner.token),
    body: { invitation: { email: `invited-${run}@studio.example`, role: "viewer" } },
  });
  expect(invited.status).toBe(201);
  ids.invitationId = (
    invited.body as { team: { invitations: { id: number }[] } }
  ).team.invitations[0]!.id;
  const bought = await callApi(routeFor("/api/company/packs"), {
    method: "POST",
    headers: bearer(people.owner.token),
    body: { pack: "sponsored-3" },
  });
  expect(bought.status).toBe(200);
  ids.invoiceId = (bought.body as { invoice: { id: number } }).invoice.id;
  const subscribed = await callApi(routeFor("/api/company/subscription"), {
    method: "POST",
    headers: bearer(people.owner.token),
    body: { plan: "sponsored-monthly" },
  });
  expect(subscribed.status).toBe(200);
  ids.subscriptionId = (subscribed.body as { subscription: { id: number } }).subscription.id;
  // An import source of the company's, stored as connecting one stores it (the ATS is not read).
  const [source] = await db
    .insert(atsSources)
    .values({
      companyId: listing.companyId,
      ats: "greenhouse",
      board: `matrix-${run}`,
      rules: sourceRulesSchema.parse({}),
      addedBy: people.owner.userId,
    })
    .returning({ id: atsSources.id });
  ids.sourceId = source!.id;
}, 120_000);

afterAll(() => {
  vi.unstubAllEnvs();
});

const SCOPED_PARAMS = [
  "listingId",
  "applicationId",
  "memberId",
  "invitationId",
  "invoiceId",
  "sourceId",
  "subscriptionId",
];

/** What the guard must answer `caller` for `operation`: 422 means it let them through. */
function expected(operation: DocOperation & { path: string }, caller: Caller): number {
  const role = operation["x-employer-role"]!;
  const scoped = SCOPED_PARAMS.some((name) => operation.path.includes(`{${name}}`));
  const withoutCompany = operation["x-employer-without-company"] === true;
  switch (caller) {
    case "signedOut":
      return 401;
    case "owner":
    case "admin":
    case "recruiter":
    case "viewer":
      return roleAtLeast(caller, role) ? 422 : 403;
    // The owner of another company: everything of their own, nothing of this one's.
    case "otherCompany":
      return scoped ? 404 : 422;
    case "removed":
    case "noCompany":
      return scoped ? 404 : withoutCompany ? 422 : 404;
    case "moderator": {
      // They read any listing's applicants and statistics, as a viewer would; nothing else.
      const listingOnly =
        operation.path.includes("{listingId}") &&
        !operation.path.includes("{memberId}") &&
        !operation.path.includes("{invitationId}");
      if (scoped) return listingOnly && role === "viewer" ? 422 : 404;
      return withoutCompany ? 422 : 404;
    }
  }
}

/** Every operation under the employer's paths. */
const EMPLOYER_PATH = /^\/api\/(company|listings)(\/|$)/;

describe("the role matrix", () => {
  it("has a role for every operation under the employer's paths", () => {
    const withoutRule = all
      .filter((operation) => EMPLOYER_PATH.test(operation.path))
      .filter((operation) => !operation["x-employer-role"])
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(withoutRule).toEqual([]);
    const declared = Object.fromEntries(
      employerOperations.map((operation) => [operation.operationId, operation["x-employer-role"]]),
    );
    expect(declared).toEqual(LEAST_ROLE);
  });

  it.each(
    employerOperations.map((operation) => [`${operation.method} ${operation.path}`, operation]),
  )("%s answers each caller as the guard must", async (_name, operation) => {
    const answers = await statusesByCaller(
      operation,
      CALLERS,
      (caller) => (caller === "signedOut" ? null : people[caller].token),
      ids,
    );
    const wanted = Object.fromEntries(
      CALLERS.map((caller) => [caller, expected(operation, caller)]),
    );
    expect(answers).toEqual(wanted);
  });
});
