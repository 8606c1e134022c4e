// @vitest-environment node
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import applyHandler from "@/pages/api/jobs/[jobId]/applications";
import csvHandler from "@/pages/api/listings/[listingId]/applicants.csv";
import withdrawHandler from "@/pages/api/job_applications/[applicationId]/withdraw";
import listingsHandler from "@/pages/api/listings/index";
import currentUserHandler from "@/pages/api/current_user";
import { parse } from "csv-parse/sync";
import { csvLines } from "@/lib/server/csv";
import { cvStore, newCvKey } from "@/lib/server/storage/cv-store";
import { candidateCvs, jobs, users } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { onePagePdf } from "@/tests/fixtures/pdf";
import { employerSuite } from "@/tests/api/employer-suite";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { setUpTempFileStores } from "@/tests/support/files";

/*
 * GET /api/listings/{id}/applicants.csv (issue 27): the listing's applicants as a file the
 * employer opens in a spreadsheet. What candidates typed must arrive as text, whole (commas,
 * quotes, line breaks), and never as a formula the spreadsheet would run.
 */

const suite = employerSuite("csv", "Cleo");
const { tokens, approve } = suite;
setUpTempFileStores();

const QUESTIONS = [
  { id: "q1", kind: "yes_no", prompt: "Can you work UK hours?", required: true },
  { id: "q2", kind: "short", prompt: 'Your "favourite" channel, if any?', required: false },
] as const;

let candidates = 0;
/**
 * A new candidate signed in as `address` (their own, made unique to the run), with a CV on their
 * profile; answers their token and address.
 */
async function person(address = "cand@mail.example") {
  candidates += 1;
  const [local, domain] = address.split("@");
  const email = `${local}-${suite.run}-${candidates}@${domain}`;
  // Not `csv-…`: that is the suite's employers' subject.
  const token = await googleIdToken({ sub: `cand-${suite.run}-${candidates}`, email, name: "Cy" });
  expect((await callApi(currentUserHandler, { headers: bearer(token) })).status).toBe(200);
  const [user] = await suite.handle.db.select().from(users).where(eq(users.email, email));
  const key = newCvKey();
  const bytes = await onePagePdf();
  await cvStore().put(key, bytes);
  await suite.handle.db
    .insert(candidateCvs)
    .values({ userId: user!.id, cvKey: key, cvName: "cv.pdf", cvBytes: bytes.length });
  return { token, email };
}

const candidate = async () => (await person()).token;

async function boardListing() {
  const { status, body } = await callApi(listingsHandler, {
    method: "POST",
    body: { ...validSubmission(), plan: "standard" },
    headers: bearer(tokens.employer),
  });
  expect(status).toBe(201);
  const id = body!.id as number;
  await approve(id);
  await suite.handle.db
    .update(jobs)
    .set({ applyMethod: "board", screeningQuestions: [...QUESTIONS] })
    .where(eq(jobs.id, id));
  return id;
}

/**
 * Applies to `jobId` with `body` as a new candidate signed in as (a run's form of) `address`:
 * applications are sent from the account's address. Answers the address.
 */
async function apply(jobId: number, address: string, body: Record<string, unknown>) {
  const { token, email } = await person(address);
  const response = await callApi(applyHandler, {
    method: "POST",
    params: { jobId: String(jobId) },
    headers: bearer(token),
    body: { links: [], cover_note: null, headline: null, answers: { q1: "yes" }, ...body },
  });
  expect(response.status).toBe(201);
  return email;
}

const exportCsv = (jobId: number, token = tokens.employer) =>
  callApi(csvHandler, { params: { listingId: String(jobId) }, headers: bearer(token) });

/**
 * The CSV read back by csv-parse (strictly: every row as wide as the header, quotes as RFC 4180
 * has them), to check that what was written reads as it was meant, and ends with CRLF.
 */
function parseCsv(text: string): string[][] {
  expect(text.endsWith("\r\n"), "the last line ends with CRLF").toBe(true);
  return parse(text, { record_delimiter: "\r\n" }) as string[][];
}

describe("a cell of the CSV", () => {
  it.each([
    ["plain", "plain"],
    ["a, b", '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=1+1", "'=1+1"],
    ["+44 20", "'+44 20"],
    ["-3", "'-3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ["\uFF1D1+1", "'\uFF1D1+1"],
    ["", ""],
  ])("writes %j as %s", (value, written) => {
    expect(csvLines([[value, "next"]])).toBe(`${written},next\r\n`);
  });
});

describe("the applicants' CSV", () => {
  it("has a header with each question's prompt and one escaped row per applicant", async () => {
    const jobId = await boardListing();
    const adaEmail = await apply(jobId, "ada@mail.example", {
      full_name: "Ada Lovelace",
      headline: '=HYPERLINK("https://evil.example","CV")',
      links: ["https://ada.example", "https://ada.example/reel"],
      cover_note: 'I cut 300 videos, "fast".\nThen more.',
      answers: { q1: "yes", q2: "MKBHD, mostly" },
    });
    const beaEmail = await apply(jobId, "bea@mail.example", {
      full_name: "@Bea Bold",
      headline: "-10% churn, +20% views",
      answers: { q1: "no" },
    });

    const response = await exportCsv(jobId);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="applicants-${jobId}.csv"`,
    );
    expect(response.headers["cache-control"]).toBe("private, no-store");

    const text = response.bytes.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ada, second, ...rest] = parseCsv(text.slice(1));
    expect(rest).toEqual([]);
    expect(header).toEqual([
      "name",
      "email",
      "headline",
      "stage",
      "applied at",
      "stage changed at",
      "links",
      "cover note",
      "Can you work UK hours?",
      'Your "favourite" channel, if any?',
    ]);
    expect(ada).toEqual([
      "Ada Lovelace",
      adaEmail,
      `'=HYPERLINK("https://evil.example","CV")`,
      "New",
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      "https://ada.example https://ada.example/reel",
      'I cut 300 videos, "fast".\nThen more.',
      "yes",
      "MKBHD, mostly",
    ]);
    expect(second).toEqual([
      "'@Bea Bold",
      beaEmail,
      "'-10% churn, +20% views",
      "New",
      expect.any(String),
      expect.any(String),
      "",
      "",
      "no",
      "",
    ]);
    // The formula guard is in the file itself, not only in what a reader makes of it.
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""CV"")"`);
  });

  it("says beside the stage that an application was withdrawn", async () => {
    const jobId = await boardListing();
    const token = await candidate();
    const applied = await callApi(applyHandler, {
      method: "POST",
      params: { jobId: String(jobId) },
      headers: bearer(token),
      body: { full_name: "Cy Withdrawn", answers: { q1: "yes" } },
    });
    const id = (applied.body!.application as { id: number }).id;
    const withdrawn = await callApi(withdrawHandler, {
      method: "POST",
      params: { applicationId: String(id) },
      headers: bearer(token),
    });
    expect(withdrawn.status).toBe(200);
    const [, row] = parseCsv((await exportCsv(jobId)).bytes.toString("utf8").slice(1));
    expect(row![3]).toBe("New (withdrawn)");
  });

  it("is only a header for a listing without applicants", async () => {
    const jobId = await boardListing();
    const rows = parseCsv((await exportCsv(jobId)).bytes.toString("utf8").slice(1));
    expect(rows).toHaveLength(1);
  });

  it("is 404 for another employer's listing and for anyone else, and 200 for moderators", async () => {
    const jobId = await boardListing();
    const adaEmail = await apply(jobId, "ada@mail.example", { full_name: "Ada Lovelace" });
    const other = await exportCsv(jobId, tokens.other);
    expect(other.status).toBe(404);
    expect(other.bytes.toString("utf8")).not.toContain(adaEmail);
    expect((await exportCsv(jobId, await candidate())).status).toBe(404);
    expect((await exportCsv(999_999_999)).status).toBe(404);
    expect((await callApi(csvHandler, { params: { listingId: String(jobId) } })).status).toBe(401);
    expect((await exportCsv(jobId, tokens.moderator)).status).toBe(200);
  });
});
