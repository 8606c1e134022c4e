// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type AtsKind, normaliseBoard } from "@/features/imports/ats";
import { fetchBoard } from "@/features/imports/server/ats/fetch-board";
import { AtsError, type BoardFetch, type FetchOptions } from "@/features/imports/server/ats/types";
import {
  ashbyBoard,
  boardPath,
  type FixtureJob,
  greenhouseJob,
  greenhouseJobs,
  greenhouseJobStream,
  leverPostings,
  serveBoard,
} from "@/tests/support/ats-fixtures";
import { type AtsServer, startAtsServer } from "@/tests/support/ats-server";

const KINDS: AtsKind[] = ["greenhouse", "lever", "lever_eu", "ashby", "workable", "recruitee"];

const JOBS: [FixtureJob, FixtureJob, FixtureJob] = [
  {
    id: "101",
    title: "Video Editor",
    department: "Production",
    location: "London, UK",
    country: "GB",
    type: "Full-time",
    description: "<p>Edit our videos.</p>",
    pay: { min: 40_000.4, max: 55_000, currency: "GBP", period: "year" },
  },
  {
    id: "102",
    title: "Community Manager",
    department: "Marketing",
    location: "Remote",
    remote: true,
    type: "Contract",
    description: "<p>Talk to our community.</p>",
  },
  {
    id: "103",
    title: "Producer (not yet open)",
    department: "Production",
    location: "Berlin, Germany",
    country: "DE",
    description: "<p>Soon.</p>",
    listed: false,
  },
];

/** The ATSs whose public answers carry unlisted jobs (the others leave them out). */
const SHOWS_UNLISTED: AtsKind[] = ["ashby", "recruitee"];

let server: AtsServer;
let options: FetchOptions;

beforeAll(async () => {
  server = await startAtsServer();
  options = { origin: server.origin };
});
afterAll(() => server.close());
beforeEach(() => server.reset());

async function failure(promise: Promise<unknown>): Promise<AtsError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AtsError);
  return error as AtsError;
}

/** The item at `index`, there or the test fails. */
function at<T>(list: T[], index: number): T {
  expect(list.length, `an item at ${index}`).toBeGreaterThan(index);
  return list[index]!;
}

function ok(result: BoardFetch) {
  if (result.status !== "ok") throw new Error(`expected jobs, got ${result.status}`);
  return result;
}

describe.each(KINDS)("a %s board", (kind) => {
  it("reads its jobs, listed and unlisted", async () => {
    serveBoard(server, kind, "acme", JOBS);
    const result = ok(await fetchBoard(kind, "acme", options));
    const expected = SHOWS_UNLISTED.includes(kind)
      ? JOBS
      : JOBS.filter((job) => job.listed !== false);
    expect(result.jobs.map((job) => [job.externalId, job.title, job.listed])).toEqual(
      expected.map((job) => [job.id, job.title, job.listed !== false]),
    );
    const editor = at(result.jobs, 0);
    expect(editor.departments).toContain("Production");
    expect(editor.locations[0]).toBe("London, UK");
    expect(editor.descriptionHtml).toContain("<p>Edit our videos.</p>");
    expect(editor.applyUrl).toMatch(/^https:\/\//);
    expect(editor.jobUrl).toMatch(/^https:\/\//);
    expect(editor.postedAt?.toISOString().slice(0, 10)).toBe("2026-10-01");
    expect(result.bodyHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is not_found when the ATS answers 404", async () => {
    const error = await failure(fetchBoard(kind, "nobody", options));
    expect(error.code).toBe("not_found");
    expect(error.status).toBe(404);
  });

  it("answers no jobs for an empty board, for the caller to call empty", async () => {
    serveBoard(server, kind, "acme", []);
    expect(ok(await fetchBoard(kind, "acme", options)).jobs).toEqual([]);
  });

  it("is malformed when the answer is not JSON", async () => {
    server.set(boardPath(kind, "acme"), { text: "<html><body>Jobs</body></html>" });
    expect((await failure(fetchBoard(kind, "acme", options))).code).toBe("malformed");
  });

  it("is malformed when the answer is not the documented shape", async () => {
    server.set(boardPath(kind, "acme"), { json: { jobs: "none", offers: 3, data: [] } });
    expect((await failure(fetchBoard(kind, "acme", options))).code).toBe("malformed");
    // Its list an object of jobs rather than a list of them.
    const jobs = { a: { id: "1", title: "Editor", text: "Editor" } };
    server.set(boardPath(kind, "acme"), { json: { jobs, offers: jobs, ...jobs } });
    expect((await failure(fetchBoard(kind, "acme", options))).code).toBe("malformed");
  });

  it("is malformed when the answer stops short", async () => {
    const cut = kind.startsWith("lever") ? "[" : '{"jobs": [], "offers": [], "name": "Acme"';
    server.set(boardPath(kind, "acme"), { text: cut });
    expect((await failure(fetchBoard(kind, "acme", options))).code).toBe("malformed");
  });

  it("is http_error, in plain words, for another status", async () => {
    server.set(boardPath(kind, "acme"), { status: 503, text: "Service Unavailable" });
    const error = await failure(fetchBoard(kind, "acme", options));
    expect(error.code).toBe("http_error");
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/answered 503: try again later/);
  });

  it("reads a gzip-compressed answer", async () => {
    serveBoard(server, kind, "acme", JOBS, { gzip: true });
    const result = ok(await fetchBoard(kind, "acme", options));
    expect(result.jobs.map((job) => job.title)).toContain("Video Editor");
  });
});

describe("Greenhouse", () => {
  it("gives the company's name, and imports without it when its board answers 404", async () => {
    serveBoard(server, "greenhouse", "acme", JOBS, { companyName: "Acme Studio" });
    expect(ok(await fetchBoard("greenhouse", "acme", options)).companyName).toBe("Acme Studio");
    server.reset();
    server.set(boardPath("greenhouse", "acme"), { json: greenhouseJobs("acme", JOBS) });
    const result = ok(await fetchBoard("greenhouse", "acme", options));
    expect(result.companyName).toBeNull();
    expect(result.jobs).toHaveLength(2);
  });

  it("decodes its description's entities exactly once, and leaves the HTML for the sanitiser", async () => {
    const description =
      '<p onclick="steal()">AT&amp;T &lt;b&gt; &copy; 5 &gt; 3</p><script>alert(1)</script>' +
      '<iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">Apply</a>' +
      "<p>&amp;lt;not a tag&amp;gt;</p>";
    serveBoard(server, "greenhouse", "acme", [{ ...JOBS[0], description }]);
    const job = at(ok(await fetchBoard("greenhouse", "acme", options)).jobs, 0);
    expect(job.descriptionHtml).toBe(description);
  });
});

describe("Lever", () => {
  it("reads a board of 130 jobs in two pages of 100", async () => {
    const many = Array.from({ length: 130 }, (_, index) => ({
      ...JOBS[0],
      id: `job-${index}`,
      title: `Editor ${index}`,
    }));
    serveBoard(server, "lever", "acme", many);
    const result = ok(await fetchBoard("lever", "acme", options));
    expect(result.jobs.map((job) => job.externalId)).toEqual(many.map((job) => job.id));
    expect(server.requests.map((request) => request.path)).toEqual([
      "/lever/v0/postings/acme?mode=json&skip=0&limit=100",
      "/lever/v0/postings/acme?mode=json&skip=100&limit=100",
    ]);
  });

  it("reads pay, remote, country, type and the lists into the description", async () => {
    serveBoard(server, "lever_eu", "acme", JOBS);
    const { jobs } = ok(await fetchBoard("lever_eu", "acme", options));
    const [editor, manager] = [at(jobs, 0), at(jobs, 1)];
    expect(editor.salary).toEqual({ min: 40_000, max: 55_000, currency: "GBP", period: "year" });
    expect(editor.countryCode).toBe("GB");
    expect(editor.remote).toBe(false);
    expect(editor.employmentType).toBe("Full-time");
    expect(editor.descriptionHtml).toBe(
      "<p>Edit our videos.</p><h3>What you bring</h3><ul><li>Curiosity</li><li>Care</li></ul><p>We value every applicant.</p>",
    );
    expect(editor.applyUrl).toBe("https://jobs.eu.lever.co/acme/101/apply");
    expect(editor.jobUrl).toBe("https://jobs.eu.lever.co/acme/101");
    expect(manager.remote).toBe(true);
    expect(manager.salary).toBeNull();
  });

  it("keeps only http(s) addresses, and leaves out a job with none", async () => {
    const postings = leverPostings("acme", JOBS);
    const [first, second] = [at(postings, 0), at(postings, 1)];
    server.set(boardPath("lever", "acme"), {
      json: [
        { ...first, applyUrl: "javascript:alert(1)" },
        { ...second, applyUrl: "data:text/html,x", hostedUrl: "ftp://jobs.lever.co/x" },
      ],
    });
    const jobs = ok(await fetchBoard("lever", "acme", options)).jobs;
    expect(jobs.map((job) => [job.externalId, job.applyUrl])).toEqual([
      ["101", "https://jobs.lever.co/acme/101"],
    ]);
  });

  it("reads odd side fields as absent and fails none of the board for them", async () => {
    const first = at(leverPostings("acme", JOBS), 0);
    server.set(boardPath("lever", "acme"), {
      json: [
        {
          ...first,
          createdAt: "yesterday",
          country: 44,
          categories: "Production",
          salaryRange: { currency: "GBP", interval: "per-year-salary", min: "a lot", max: 1e400 },
          brandNewField: { nested: [1, 2, 3] },
        },
      ],
    });
    const job = at(ok(await fetchBoard("lever", "acme", options)).jobs, 0);
    expect(job.postedAt).toBeNull();
    expect(job.countryCode).toBeNull();
    expect(job.departments).toEqual([]);
    expect(job.salary).toBeNull();
  });
});

describe("Ashby", () => {
  it("reads pay from its tiers, remote, country, type and isListed", async () => {
    serveBoard(server, "ashby", "acme studio", JOBS);
    const { jobs } = ok(await fetchBoard("ashby", "acme studio", options));
    const [editor, manager, producer] = [at(jobs, 0), at(jobs, 1), at(jobs, 2)];
    expect(editor.salary).toEqual({ min: 40_000, max: 55_000, currency: "GBP", period: "year" });
    expect(editor.countryCode).toBe("GB");
    expect(editor.employmentType).toBe("FullTime");
    expect(editor.remote).toBe(false);
    expect(manager.remote).toBe(true);
    expect(manager.employmentType).toBe("Contract");
    expect(producer.listed).toBe(false);
  });
});

describe("Workable", () => {
  it("keys jobs by shortcode and gives the account's name", async () => {
    serveBoard(server, "workable", "acme", JOBS, { companyName: "Acme Studio Ltd" });
    const result = ok(await fetchBoard("workable", "acme", options));
    expect(result.companyName).toBe("Acme Studio Ltd");
    expect(result.jobs.map((job) => job.externalId)).toEqual(["101", "102"]);
    expect(at(result.jobs, 0).countryCode).toBe("GB");
    expect(at(result.jobs, 1).remote).toBe(true);
    expect(at(result.jobs, 0).applyUrl).toBe("https://apply.workable.com/j/101/apply");
  });
});

describe("Recruitee", () => {
  it("reads pay written as text, and a closed offer as unlisted", async () => {
    serveBoard(server, "recruitee", "acme", JOBS, { companyName: "Acme Studio" });
    const result = ok(await fetchBoard("recruitee", "acme", options));
    expect(result.companyName).toBe("Acme Studio");
    const [editor, producer] = [at(result.jobs, 0), at(result.jobs, 2)];
    expect(editor.salary).toEqual({ min: 40_000, max: 55_000, currency: "GBP", period: "year" });
    expect(editor.postedAt?.toISOString()).toBe("2026-10-01T09:00:00.000Z");
    expect(producer.listed).toBe(false);
    expect(at(server.requests, 0).path).toBe("/recruitee/acme/api/offers/");
  });
});

describe("bounds", () => {
  it("gives up on a board that does not answer in time", async () => {
    server.set(boardPath("ashby", "acme"), { hang: "headers" });
    const error = await failure(fetchBoard("ashby", "acme", { ...options, timeoutMs: 300 }));
    expect(error.code).toBe("timeout");
  });

  it("gives up on an answer whose body stops coming", async () => {
    server.set(boardPath("workable", "acme"), { hang: "body" });
    const error = await failure(fetchBoard("workable", "acme", { ...options, timeoutMs: 300 }));
    expect(error.code).toBe("timeout");
  });

  it("counts one deadline for all of Lever's pages", async () => {
    const page = leverPostings("acme", Array(100).fill(JOBS[0]));
    server.set(boardPath("lever", "acme"), (url) =>
      url.searchParams.get("skip") === "0" ? { json: page } : { hang: "headers" },
    );
    const error = await failure(fetchBoard("lever", "acme", { ...options, timeoutMs: 300 }));
    expect(error.code).toBe("timeout");
  });

  it("refuses a board listing more jobs than its cap, and reads no further", async () => {
    const jobOf = (n: number): FixtureJob => ({ ...JOBS[0], id: String(n), title: `Editor ${n}` });
    const serve = (count: number) =>
      server.set(boardPath("greenhouse", "acme"), {
        pieces: () => greenhouseJobStream(count, (n) => greenhouseJob("acme", jobOf(n))),
      });
    // About 45 MB: more than the sockets between the two ends hold, so what was sent is what
    // was read (and a little).
    serve(100_000);
    const error = await failure(fetchBoard("greenhouse", "acme", { ...options, maxJobs: 100 }));
    expect(error).toMatchObject({ code: "too_large" });
    expect(error.message).toBe(
      "Greenhouse lists more than 100 jobs on this board: we could not read them all",
    );
    await vi.waitFor(() => expect(server.streams[0]?.closed).toBe(true), { timeout: 10_000 });
    expect(at(server.streams, 0).bytes).toBeLessThan(16 * 1024 * 1024);

    // Up to the cap, all of it.
    serve(2_000);
    const within = ok(await fetchBoard("greenhouse", "acme", { ...options, maxJobs: 2_000 }));
    expect(within.jobs).toHaveLength(2_000);
  });

  it("counts Lever's pages together against the cap", async () => {
    serveBoard(
      server,
      "lever",
      "acme",
      Array.from({ length: 250 }, (_, n) => ({ ...JOBS[0], id: `job-${n}` })),
    );
    const error = await failure(fetchBoard("lever", "acme", { ...options, maxJobs: 180 }));
    expect(error.message).toMatch(/^Lever lists more than 180 jobs on this board/);
    expect(ok(await fetchBoard("lever", "acme", { ...options, maxJobs: 250 })).jobs).toHaveLength(
      250,
    );
  });

  it("refuses a 60 MB answer as it streams, without reading it all", async () => {
    server.set(boardPath("ashby", "acme"), { megabytes: 60 });
    expect((await failure(fetchBoard("ashby", "acme", options))).code).toBe("too_large");

    server.reset();
    server.set(boardPath("ashby", "acme"), { megabytes: 60 });
    const error = await failure(fetchBoard("ashby", "acme", { ...options, maxBytes: 1024 * 1024 }));
    expect(error.code).toBe("too_large");
    await vi.waitFor(() => expect(server.streams[0]?.closed).toBe(true), { timeout: 10_000 });
    expect(at(server.streams, 0).bytes).toBeLessThan(30 * 1024 * 1024);
  });

  it("refuses an answer whose declared length is past the cap before reading it", async () => {
    server.set(boardPath("greenhouse", "acme"), { megabytes: 2, declared: true });
    const error = await failure(
      fetchBoard("greenhouse", "acme", { ...options, maxBytes: 1024 * 1024 }),
    );
    expect(error.code).toBe("too_large");
  });

  it("is network when nothing listens", async () => {
    const closed = await startAtsServer();
    await closed.close();
    const error = await failure(fetchBoard("ashby", "acme", { origin: closed.origin }));
    expect(error.code).toBe("network");
  });

  it("throws the caller's own abort as it is", async () => {
    server.set(boardPath("ashby", "acme"), { hang: "headers" });
    const controller = new AbortController();
    const reason = new Error("shutting down");
    const promise = fetchBoard("ashby", "acme", { ...options, signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort(reason);
    await expect(promise).rejects.toBe(reason);
  });
});

describe("redirects", () => {
  it("follows a few on the same site", async () => {
    serveBoard(server, "ashby", "acme", JOBS);
    server.set("/ashby/posting-api/job-board/old", {
      redirect: `${server.origin}${boardPath("ashby", "acme")}`,
    });
    server.set("/ashby/posting-api/job-board/older", {
      redirect: "/ashby/posting-api/job-board/old",
    });
    const result = ok(await fetchBoard("ashby", "older", options));
    expect(result.jobs).toHaveLength(3);
  });

  it("refuses endless ones, and ones to another host", async () => {
    server.set("/ashby/posting-api/job-board/loop", {
      redirect: "/ashby/posting-api/job-board/loop",
    });
    expect((await failure(fetchBoard("ashby", "loop", options))).code).toBe("http_error");
    const elsewhere = server.origin.replace("127.0.0.1", "localhost");
    server.set("/ashby/posting-api/job-board/away", {
      redirect: `${elsewhere}${boardPath("ashby", "acme")}`,
    });
    expect((await failure(fetchBoard("ashby", "away", options))).code).toBe("http_error");
    expect(server.requests.filter((request) => request.path.includes("/acme"))).toEqual([]);
  });
});

describe("conditional requests", () => {
  it("sends the last ETag back and is not_modified on a 304", async () => {
    server.set(boardPath("ashby", "acme"), { json: ashbyBoard("acme", JOBS), etag: '"v1"' });
    const first = ok(await fetchBoard("ashby", "acme", options));
    expect(first.etag).toBe('"v1"');
    const second = await fetchBoard("ashby", "acme", { ...options, etag: first.etag });
    expect(second).toEqual({ status: "not_modified" });
    expect(at(server.requests, 1).headers["if-none-match"]).toBe('"v1"');
  });

  it("sends the last Last-Modified back", async () => {
    const lastModified = "Wed, 21 Oct 2026 07:28:00 GMT";
    server.set(boardPath("greenhouse", "acme"), {
      json: greenhouseJobs("acme", JOBS),
      lastModified,
    });
    const first = ok(await fetchBoard("greenhouse", "acme", options));
    expect(first.lastModified).toBe(lastModified);
    expect(await fetchBoard("greenhouse", "acme", { ...options, lastModified })).toEqual({
      status: "not_modified",
    });
  });

  it("hashes the same board the same, and a changed one otherwise", async () => {
    serveBoard(server, "lever", "acme", JOBS);
    const first = ok(await fetchBoard("lever", "acme", options));
    const again = ok(await fetchBoard("lever", "acme", options));
    expect(again.bodyHash).toBe(first.bodyHash);
    serveBoard(server, "lever", "acme", JOBS.slice(1));
    expect(ok(await fetchBoard("lever", "acme", options)).bodyHash).not.toBe(first.bodyHash);
  });
});

it("asks one address for a board however its name was typed", async () => {
  serveBoard(server, "ashby", "acme studio", JOBS);
  for (const typed of ["Acme Studio", " ACME  studio ", "https://jobs.ashbyhq.com/Acme%20Studio"]) {
    const board = normaliseBoard("ashby", typed);
    expect(board).toBe("acme studio");
    ok(await fetchBoard("ashby", board!, options));
  }
  const paths = new Set(server.requests.map((request) => request.path));
  expect([...paths]).toEqual([
    "/ashby/posting-api/job-board/acme%20studio?includeCompensation=true",
  ]);
});
