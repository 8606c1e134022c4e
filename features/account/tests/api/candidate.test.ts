// @vitest-environment node
import type { NextApiHandler } from "next";
import { beforeAll, describe, expect, it } from "vitest";
import applicationHandler from "@/pages/api/applied_jobs/[applicationId]";
import applicationsHandler from "@/pages/api/applied_jobs/index";
import currentUserHandler from "@/pages/api/current_user";
import favoriteHandler from "@/pages/api/saved_jobs/[jobId]";
import favoritesHandler from "@/pages/api/saved_jobs/index";
import jobMarksHandler from "@/pages/api/job_marks";
import preferencesHandler from "@/pages/api/preferences";
import recommendationsHandler from "@/pages/api/recommendations";
import rejectionHandler from "@/pages/api/hidden_jobs/[jobId]";
import rejectionsHandler from "@/pages/api/hidden_jobs/index";
import { refusingUnknownJob } from "@/features/account/server/job-marks";
import { applications, favorites, preferences, rejections } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { days, insertCompany, insertJob } from "@/tests/db/fixtures";

const handle = setUpTestDatabase();
let ada: string;
let grace: string;
const job = { design: 0, remoteEngineering: 0, sales: 0, closed: 0, pending: 0 };
const run = Math.random().toString(36).slice(2, 8);

/** Every row of the candidates' tables, to show a refused request changed nothing. */
const snapshot = async () => ({
  favorites: await handle.db.select().from(favorites).orderBy(favorites.jobId),
  rejections: await handle.db.select().from(rejections).orderBy(rejections.jobId),
  applications: await handle.db.select().from(applications).orderBy(applications.id),
  preferences: await handle.db.select().from(preferences).orderBy(preferences.userId),
});

beforeAll(async () => {
  const db = handle.db;
  const studio = await insertCompany(db, `studio-${run}`, "Studio");
  const now = Date.now();
  const recently = (hours: number) => new Date(now - hours * 3_600_000);
  job.design = (
    await insertJob(db, {
      title: "Brand Designer",
      companyId: studio.id,
      publishedAt: recently(1),
      expiresAt: new Date(now + 30 * 86_400_000),
      salaryMin: 70_000,
      salaryMax: 90_000,
    })
  ).id;
  job.remoteEngineering = (
    await insertJob(db, {
      title: "Creator Tools Engineer",
      companyId: studio.id,
      department: "engineering",
      publishedAt: recently(2),
      expiresAt: new Date(now + 30 * 86_400_000),
      salaryMin: 120_000,
      salaryMax: 150_000,
    })
  ).id;
  job.sales = (
    await insertJob(db, {
      title: "Sponsorship Seller",
      companyId: studio.id,
      department: "sales",
      region: "united-states",
      location: "New York, NY",
      publishedAt: recently(3),
      expiresAt: new Date(now + 30 * 86_400_000),
    })
  ).id;
  job.closed = (
    await insertJob(db, { title: "Old Role", companyId: studio.id, status: "filled" })
  ).id;
  job.pending = (
    await insertJob(db, {
      title: "Awaiting Review",
      companyId: studio.id,
      status: "pending",
      expiresAt: days(30),
    })
  ).id;
  [ada, grace] = await Promise.all([
    googleIdToken({ sub: `ada-${run}`, email: `ada-${run}@example.com`, name: "Ada" }),
    googleIdToken({ sub: `grace-${run}`, email: `grace-${run}@example.com`, name: "Grace" }),
  ]);
});

const personalEndpoints: [string, NextApiHandler, "GET" | "POST" | "PATCH" | "DELETE", object][] = [
  ["GET /api/saved_jobs", favoritesHandler, "GET", {}],
  ["POST /api/saved_jobs", favoritesHandler, "POST", {}],
  ["DELETE /api/saved_jobs/:jobId", favoriteHandler, "DELETE", { jobId: "1" }],
  ["GET /api/hidden_jobs", rejectionsHandler, "GET", {}],
  ["POST /api/hidden_jobs", rejectionsHandler, "POST", {}],
  ["DELETE /api/hidden_jobs/:jobId", rejectionHandler, "DELETE", { jobId: "1" }],
  ["GET /api/applied_jobs", applicationsHandler, "GET", {}],
  ["POST /api/applied_jobs", applicationsHandler, "POST", {}],
  ["PATCH /api/applied_jobs/:id", applicationHandler, "PATCH", { applicationId: "1" }],
  ["DELETE /api/applied_jobs/:id", applicationHandler, "DELETE", { applicationId: "1" }],
  ["GET /api/preferences", preferencesHandler, "GET", {}],
  ["PATCH /api/preferences", preferencesHandler, "PATCH", {}],
  ["GET /api/job_marks", jobMarksHandler, "GET", {}],
  ["GET /api/recommendations", recommendationsHandler, "GET", {}],
];

describe("every personal endpoint", () => {
  it.each(personalEndpoints)(
    "%s answers 401 without a token or with a bad one",
    async (_, handler, method, query) => {
      const tokenless: Record<string, string>[] = [{}, { authorization: "Bearer not-a-token" }];
      for (const headers of tokenless) {
        const answer = await callApi(handler, {
          method,
          headers,
          query: query as Record<string, string>,
          body: { job_id: job.design, status: "offer", preferences: {} },
        });
        expect(answer.status).toBe(401);
        expect(answer.body).toHaveProperty("error");
        expect(answer.headers["cache-control"]).toBe("private, no-store");
      }
    },
  );
});

describe("saved jobs", () => {
  it("saves a job once and lists it with the job's details", async () => {
    const first = await callApi(favoritesHandler, {
      method: "POST",
      headers: bearer(ada),
      body: { job_id: job.design },
    });
    expect(first).toMatchObject({ status: 201, body: { job_id: job.design, saved: true } });
    const again = await callApi(favoritesHandler, {
      method: "POST",
      headers: bearer(ada),
      body: { job_id: job.design },
    });
    expect(again.status).toBe(200);

    const { body } = await callApi(favoritesHandler, { headers: bearer(ada) });
    expect(body!.saved_jobs).toEqual([
      expect.objectContaining({
        job: expect.objectContaining({ id: job.design, title: "Brand Designer" }),
        accepting_applications: true,
        saved_at: expect.any(String),
      }),
    ]);
  });

  it("keeps a closed job in the list, saying it no longer takes applications", async () => {
    await callApi(favoritesHandler, {
      method: "POST",
      headers: bearer(grace),
      body: { job_id: job.closed },
    });
    const { body } = await callApi(favoritesHandler, { headers: bearer(grace) });
    expect(body!.saved_jobs).toEqual([expect.objectContaining({ accepting_applications: false })]);
  });

  it.each([
    ["a job awaiting review", () => ({ job_id: job.pending }), "job_id"],
    ["a job that does not exist", () => ({ job_id: 999_999 }), "job_id"],
    ["an id as text", () => ({ job_id: String(job.design) }), "job_id"],
    ["a negative id", () => ({ job_id: -1 }), "job_id"],
    ["a fractional id", () => ({ job_id: 1.5 }), "job_id"],
    ["an id past the column's range", () => ({ job_id: 2 ** 31 }), "job_id"],
    ["no id", () => ({}), "job_id"],
    ["an unknown field", () => ({ job_id: job.sales, user_id: 1 }), "user_id"],
    ["a body that is not an object", () => "job", "body"],
  ])("answers 422 to %s and changes nothing", async (_, body, field) => {
    for (const handler of [favoritesHandler, rejectionsHandler, applicationsHandler]) {
      const before = await snapshot();
      const answer = await callApi(handler, { method: "POST", headers: bearer(ada), body: body() });
      expect(answer.status).toBe(422);
      expect(answer.body!.errors).toHaveProperty(field);
      expect(await snapshot()).toEqual(before);
    }
  });

  it("does not let one person unsave another's job", async () => {
    const before = await snapshot();
    const answer = await callApi(favoriteHandler, {
      method: "DELETE",
      headers: bearer(grace),
      params: { jobId: String(job.design) },
    });
    expect(answer.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it.each(["abc", "0", "1e3", "99999999999"])("answers 404 to the job id %j", async (jobId) => {
    const answer = await callApi(favoriteHandler, {
      method: "DELETE",
      headers: bearer(ada),
      params: { jobId },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toHaveProperty("error");
  });

  it("unsaves the caller's own job", async () => {
    const answer = await callApi(favoriteHandler, {
      method: "DELETE",
      headers: bearer(ada),
      params: { jobId: String(job.design) },
    });
    expect(answer).toMatchObject({ status: 200, body: { saved: false } });
    const { body } = await callApi(favoritesHandler, { headers: bearer(ada) });
    expect(body!.saved_jobs).toEqual([]);
  });
});

it("answers a job that vanished between the check and the write as an unknown job", async () => {
  // The database's own refusal (a foreign key), as when a job is deleted mid-request.
  const [anyone] = await handle.db.select({ id: favorites.userId }).from(favorites).limit(1);
  await expect(
    refusingUnknownJob(() =>
      handle.db.insert(favorites).values({ userId: anyone!.id, jobId: 999_999 }),
    ),
  ).rejects.toMatchObject({ code: "invalid_input", errors: { job_id: ["No job has this id"] } });
});

describe("not interested", () => {
  it("hides a job, which unsaves it, and saving it again un-hides it", async () => {
    await callApi(favoritesHandler, {
      method: "POST",
      headers: bearer(ada),
      body: { job_id: job.sales },
    });
    const hidden = await callApi(rejectionsHandler, {
      method: "POST",
      headers: bearer(ada),
      body: { job_id: job.sales },
    });
    expect(hidden.status).toBe(201);
    let marks = (await callApi(jobMarksHandler, { headers: bearer(ada) })).body!;
    expect(marks).toMatchObject({ saved: [], hidden: [job.sales] });

    await callApi(favoritesHandler, {
      method: "POST",
      headers: bearer(ada),
      body: { job_id: job.sales },
    });
    marks = (await callApi(jobMarksHandler, { headers: bearer(ada) })).body!;
    expect(marks).toMatchObject({ saved: [job.sales], hidden: [] });
  });

  it("undoes only the caller's own mark", async () => {
    await callApi(rejectionsHandler, {
      method: "POST",
      headers: bearer(ada),
      body: { job_id: job.remoteEngineering },
    });
    const before = await snapshot();
    const foreign = await callApi(rejectionHandler, {
      method: "DELETE",
      headers: bearer(grace),
      params: { jobId: String(job.remoteEngineering) },
    });
    expect(foreign.status).toBe(404);
    expect(await snapshot()).toEqual(before);

    const { body } = await callApi(rejectionsHandler, { headers: bearer(ada) });
    expect(body!.hidden_jobs).toEqual([
      expect.objectContaining({ job: expect.objectContaining({ id: job.remoteEngineering }) }),
    ]);
    const undo = await callApi(rejectionHandler, {
      method: "DELETE",
      headers: bearer(ada),
      params: { jobId: String(job.remoteEngineering) },
    });
    expect(undo).toMatchObject({ status: 200, body: { hidden: false } });
  });
});

describe("applications", () => {
  let applicationId = 0;

  it("records an application once, as applied", async () => {
    const first = await callApi(applicationsHandler, {
      method: "POST",
      headers: bearer(ada),
      body: { job_id: job.design },
    });
    expect(first.status).toBe(201);
    const application = first.body!.application as { id: number; status: string };
    expect(application).toMatchObject({ status: "applied", job: { id: job.design } });
    applicationId = application.id;

    const again = await callApi(applicationsHandler, {
      method: "POST",
      headers: bearer(ada),
      body: { job_id: job.design, status: "offer" },
    });
    expect(again.status).toBe(200);
    expect(again.body!.application).toMatchObject({ id: applicationId, status: "applied" });
  });

  it("moves the application's status", async () => {
    const answer = await callApi(applicationHandler, {
      method: "PATCH",
      headers: bearer(ada),
      params: { applicationId: String(applicationId) },
      body: { status: "interviewing" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body!.application).toMatchObject({ id: applicationId, status: "interviewing" });
    const marks = (await callApi(jobMarksHandler, { headers: bearer(ada) })).body!;
    expect(marks.applications).toEqual({
      [job.design]: { id: applicationId, status: "interviewing" },
    });
  });

  it.each([
    ["an unknown status", { status: "hired" }],
    ["no status", {}],
    ["an extra field", { status: "offer", job_id: job.sales }],
  ])("answers 422 to %s and changes nothing", async (_, body) => {
    const before = await snapshot();
    const answer = await callApi(applicationHandler, {
      method: "PATCH",
      headers: bearer(ada),
      params: { applicationId: String(applicationId) },
      body,
    });
    expect(answer.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("does not let another person see, move or delete the application", async () => {
    const before = await snapshot();
    const params = { applicationId: String(applicationId) };
    const moved = await callApi(applicationHandler, {
      method: "PATCH",
      headers: bearer(grace),
      params,
      body: { status: "withdrawn" },
    });
    const deleted = await callApi(applicationHandler, {
      method: "DELETE",
      headers: bearer(grace),
      params,
    });
    expect([moved.status, deleted.status]).toEqual([404, 404]);
    expect(await snapshot()).toEqual(before);
    const graces = await callApi(applicationsHandler, { headers: bearer(grace) });
    expect(graces.body!.applications).toEqual([]);
  });

  it("deletes the caller's own application", async () => {
    const answer = await callApi(applicationHandler, {
      method: "DELETE",
      headers: bearer(ada),
      params: { applicationId: String(applicationId) },
    });
    expect(answer.status).toBe(200);
    const { body } = await callApi(applicationsHandler, { headers: bearer(ada) });
    expect(body!.applications).toEqual([]);
  });
});

describe("preferences and recommendations", () => {
  it("answers the defaults before any are saved", async () => {
    const { status, body } = await callApi(preferencesHandler, { headers: bearer(grace) });
    expect(status).toBe(200);
    expect(body!.preferences).toEqual({
      departments: [],
      regions: [],
      types: [],
      salary_min: null,
      remote_only: false,
      alert_frequency: "weekly",
      time_zone: "UTC",
    });
  });

  it("recommends every listed job, newest first, without preferences", async () => {
    const { body } = await callApi(recommendationsHandler, { headers: bearer(grace) });
    expect(body).toMatchObject({ personalized: false, total: 3, page: 1 });
    expect((body!.jobs as { id: number }[]).map((j) => j.id)).toEqual([
      job.design,
      job.remoteEngineering,
      job.sales,
    ]);
  });

  it("saves changes, keeping the fields left out", async () => {
    await callApi(preferencesHandler, {
      method: "PATCH",
      headers: bearer(grace),
      body: { preferences: { alert_frequency: "daily" } },
    });
    const { status, body } = await callApi(preferencesHandler, {
      method: "PATCH",
      headers: bearer(grace),
      body: { preferences: { departments: ["engineering", "design"], salary_min: 100_000 } },
    });
    expect(status).toBe(200);
    expect(body!.preferences).toMatchObject({
      departments: ["engineering", "design"],
      salary_min: 100_000,
      alert_frequency: "daily",
    });
  });

  it("recommends what the preferences ask for, without hidden jobs", async () => {
    let { body } = await callApi(recommendationsHandler, { headers: bearer(grace) });
    expect(body).toMatchObject({ personalized: true, total: 1 });
    expect((body!.jobs as { id: number }[]).map((j) => j.id)).toEqual([job.remoteEngineering]);

    await callApi(rejectionsHandler, {
      method: "POST",
      headers: bearer(grace),
      body: { job_id: job.remoteEngineering },
    });
    ({ body } = await callApi(recommendationsHandler, { headers: bearer(grace) }));
    expect(body).toMatchObject({ total: 0, jobs: [] });
  });

  it("keeps remote only to remote jobs", async () => {
    await callApi(preferencesHandler, {
      method: "PATCH",
      headers: bearer(ada),
      body: { preferences: { regions: ["united-states"], remote_only: true } },
    });
    const { body } = await callApi(recommendationsHandler, { headers: bearer(ada) });
    const regions = new Set((body!.jobs as { region: string }[]).map((j) => j.region));
    expect([...regions]).toEqual(["remote"]);
  });

  it.each([
    ["an unknown department", { departments: ["astronomy"] }, "departments"],
    ["a repeated region", { regions: ["europe", "europe"] }, "regions"],
    ["a type that is not a list", { types: "full-time" }, "types"],
    ["a negative salary floor", { salary_min: -5 }, "salary_min"],
    ["a salary floor as text", { salary_min: "100k" }, "salary_min"],
    ["an unknown alert frequency", { alert_frequency: "hourly" }, "alert_frequency"],
    ["remote only as text", { remote_only: "yes" }, "remote_only"],
    ["an unknown field", { user_id: 1 }, "user_id"],
  ])("answers 422 to %s and changes nothing", async (_, fields, field) => {
    const before = await snapshot();
    const answer = await callApi(preferencesHandler, {
      method: "PATCH",
      headers: bearer(grace),
      body: { preferences: fields },
    });
    expect(answer.status).toBe(422);
    expect(answer.body!.errors).toHaveProperty(field);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps each person's preferences apart", async () => {
    const { body } = await callApi(preferencesHandler, { headers: bearer(ada) });
    expect(body!.preferences).toMatchObject({ departments: [], alert_frequency: "weekly" });
  });

  it.each([
    [{ page: "0" }, "page"],
    [{ page: "two" }, "page"],
    [{ page: ["1", "2"] }, "page"],
    [{ sort: "salary" }, "sort"],
  ])("answers 422 to the recommendations query %j", async (query, field) => {
    const answer = await callApi(recommendationsHandler, { headers: bearer(ada), query });
    expect(answer.status).toBe(422);
    expect(answer.body!.errors).toHaveProperty(field);
  });
});

describe("deleting the account", () => {
  it("deletes the person's saved, hidden and applied jobs and preferences with it", async () => {
    await callApi(applicationsHandler, {
      method: "POST",
      headers: bearer(grace),
      body: { job_id: job.sales },
    });
    const before = await snapshot();
    expect(before.favorites.length + before.applications.length).toBeGreaterThan(0);
    const answer = await callApi(currentUserHandler, { method: "DELETE", headers: bearer(grace) });
    expect(answer.status).toBe(200);
    const after = await snapshot();
    const adaId = before.favorites.find((row) => row.jobId === job.sales)!.userId;
    for (const rows of Object.values(after)) {
      expect(rows.every((row) => row.userId === adaId)).toBe(true);
    }
    expect(after.favorites).toEqual(before.favorites.filter((row) => row.userId === adaId));
  });
});

it("answers 405 with Allow to methods an endpoint does not take", async () => {
  const answer = await callApi(favoritesHandler, { method: "PUT", headers: bearer(ada) });
  expect(answer.status).toBe(405);
  expect(answer.headers.allow).toBe("GET, POST, HEAD");
});
