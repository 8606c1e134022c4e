// @vitest-environment node
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import jobHandler from "@/pages/api/jobs/[jobId]";
import jobsHandler from "@/pages/api/jobs/index";
import { setUpTestDatabase } from "@/tests/support/database";
import { days, insertCompany, insertJob } from "@/tests/db/fixtures";
import { callApi } from "@/tests/api/call";

const handle = setUpTestDatabase();
const ids: Record<string, number> = {};

beforeAll(async () => {
  const company = await insertCompany(handle.db, "acme", "Acme Studios");
  const realNow = (n: number) => new Date(Date.now() + n * 86_400_000);
  ids.open = (
    await insertJob(handle.db, {
      title: "Video Editor",
      companyId: company.id,
      publishedAt: realNow(-2),
      expiresAt: realNow(30),
      description: "Cut YouTube videos.",
    })
  ).id;
  ids.closed = (
    await insertJob(handle.db, {
      title: "Closed Editor",
      companyId: company.id,
      publishedAt: days(-200),
      expiresAt: days(-100),
    })
  ).id;
});

describe("GET /api/jobs", () => {
  it("answers a page of listed jobs with a public cache header", async () => {
    const { status, body, headers } = await callApi(jobsHandler, { query: { q: "youtube" } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 1, page: 1, per_page: 20, page_count: 1 });
    expect((body!.jobs as { title: string }[])[0]!.title).toBe("Video Editor");
    expect(headers["cache-control"]).toMatch(/^public, s-maxage=/);
  });

  it.each([
    [{ department: "astrology" }, "department"],
    [{ region: "mars" }, "region"],
    [{ type: "volunteer" }, "type"],
    [{ page: "0" }, "page"],
    [{ page: "two" }, "page"],
    [{ per_page: "500" }, "per_page"],
    [{ salary_min: "-5" }, "salary_min"],
    [{ region: ["remote", "canada"] }, "region"],
    [{ sort: "salary" }, "sort"],
    [{ q: "video\u0000editor" }, "q"],
  ])("answers 422 naming the bad field for %j", async (query, field) => {
    const { status, body } = await callApi(jobsHandler, { query });
    expect(status).toBe(422);
    expect(Object.keys(body!.errors as object)).toEqual([field]);
  });

  it("answers 405 with Allow to other methods", async () => {
    const { status, headers, body } = await callApi(jobsHandler, { method: "POST" });
    expect(status).toBe(405);
    expect(headers.allow).toBe("GET, HEAD");
    expect(body).toHaveProperty("error");
  });

  it("never answers 5xx, whatever the query", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom("q", "department", "region", "type", "salary_min", "page", "per_page"),
          fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })),
        ),
        async (query) => {
          const { status } = await callApi(jobsHandler, { query });
          expect([200, 422]).toContain(status);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("GET /api/jobs/[jobId]", () => {
  it("answers the job by id, with or without its slug", async () => {
    for (const jobId of [String(ids.open), `${ids.open}-video-editor`]) {
      const { status, body } = await callApi(jobHandler, { params: { jobId } });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: ids.open,
        title: "Video Editor",
        accepting_applications: true,
      });
    }
  });

  it("answers a closed job, marked closed", async () => {
    const { status, body } = await callApi(jobHandler, { params: { jobId: String(ids.closed) } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ accepting_applications: false });
  });

  it.each(["999999", "abc", "0", "-1", "99999999999", "1;drop table jobs"])(
    "answers 404 with a JSON error for %s",
    async (jobId) => {
      const { status, body } = await callApi(jobHandler, { params: { jobId } });
      expect(status).toBe(404);
      expect(body).toEqual({ error: "There is no job with that id", code: "not_found" });
    },
  );
});
