// @vitest-environment node
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NO_LIVE_LISTING, PROFILE_VIEWS_PER_DAY } from "@/features/directory/directory";
import type { ProfileVisibility } from "@/features/account/profile-visibility";
import { updatePreferences } from "@/features/account/server/preferences";
import { rowsOf } from "@/lib/server/db/client";
import {
  companyAllowances,
  companyBlocks,
  jobInvitations,
  jobs,
  profileViews,
  users,
} from "@/lib/server/db/schema";
import { utcDay } from "@/features/directory/server/allowances";
import { openDirectoryProfile } from "@/features/directory/server/profile";
import {
  DIRECTORY_SEARCH_LIMIT,
  searchDirectory,
  type DirectoryPage,
} from "@/features/directory/server/search";
import { refreshProfileSearchTerms } from "@/features/directory/server/vocabulary";
import { planSearch, refreshSearchTerms } from "@/features/jobs/server/search-plan";
import { getQueue } from "@/lib/server/queue/queue";
import { findOrCreateUser, updateUser } from "@/lib/server/users/users";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import moderatorHandler from "@/pages/api/moderation/talent/[key]";
import profileHandler from "@/pages/api/company/talent/[key]/index";
import searchHandler from "@/pages/api/company/talent/index";
import currentUserHandler from "@/pages/api/current_user";
import viewsHandler from "@/pages/api/profile/views";
import { callApi } from "@/tests/api/call";
import { join, person, postListing, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The candidate directory's read side (issue 47), through its routes with real emulator tokens
 * on the real database: who may search and open which profile, the daily profile views, the
 * keyword search (typos corrected from the directory's own vocabulary), its filters, counts and
 * pages, and the candidate's list of the companies that looked.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `moderator-${run}@creatorjobs.example`;
const DAY_MS = 86_400_000;

type Card = {
  key: string;
  name: string;
  viewed_today: boolean;
  active_within: number | null;
  regions: string[];
};
type Quota = { limit: number; used: number; left: number; resets_at: string };
type SearchAnswer = {
  profiles: Card[];
  total: number;
  page: number;
  page_count: number;
  corrected_q: string | null;
  facets: Record<"department" | "region" | "type", Record<string, number>>;
  views: Quota;
  invitations: Quota;
};

const people = {} as Record<
  | "employer"
  | "colleague"
  | "pending"
  | "rejected"
  | "stopped"
  | "quota"
  | "loner"
  | "moderator"
  | "left"
  | "unreviewed",
  Person
>;
/** The companies of the employers above, by who owns them. */
const companyOf = {} as Record<"employer" | "stopped" | "quota" | "pending", number>;
/** The employer's live listing. */
let liveJobId = 0;
/** Candidates by name: their account id and profile key (and token for those who sign in). */
const candidates = {} as Record<string, { id: number; key: string; token?: string }>;

/** A candidate made as the board makes one, with a profile and preferences. */
async function candidate(
  name: string,
  visibility: ProfileVisibility,
  profile: Parameters<typeof updateUser>[2] = {},
  wants: Parameters<typeof updatePreferences>[2] = {},
) {
  const user = await findOrCreateUser(handle.db, {
    uid: `${name}-${run}`,
    name,
    email: `${name.toLowerCase().replace(/\W/g, "")}-${run}@private.example`,
  });
  const saved = await updateUser(handle.db, user.id, {
    ...profile,
    profile_visibility: visibility,
  });
  if (Object.keys(wants).length > 0) await updatePreferences(handle.db, user.id, wants);
  candidates[name] = { id: user.id, key: saved.profileKey };
  return candidates[name];
}

/** A candidate who signs in (a real token), with a profile saved through the API. */
async function signedInCandidate(name: string, changes: Record<string, unknown>) {
  const who = await person(
    handle.db,
    `${name}-${run}`,
    `${name.toLowerCase()}-${run}@mail.example`,
    name,
  );
  const saved = await callApi(currentUserHandler, {
    method: "PATCH",
    headers: bearer(who.token),
    body: { user: changes },
  });
  expect(saved.status).toBe(200);
  const [row] = await handle.db.select().from(users).where(eq(users.id, who.userId));
  candidates[name] = { id: who.userId, key: row!.profileKey, token: who.token };
  return candidates[name];
}

/** A listing of `companyId` live on the board (approved and paid, as far as the board cares). */
const goLive = (jobId: number) =>
  handle.db
    .update(jobs)
    .set({
      status: "open",
      publishedAt: new Date(),
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    })
    .where(eq(jobs.id, jobId));

const search = (who: Person | null, query: Record<string, string> = {}) =>
  callApi(searchHandler, { query, headers: who ? bearer(who.token) : {} });

const searched = async (who: Person, query: Record<string, string> = {}) => {
  const answer = await search(who, query);
  expect(answer.status).toBe(200);
  return answer.body as unknown as SearchAnswer;
};

const open = (who: Person | null, key: string) =>
  callApi(profileHandler, { params: { key }, headers: who ? bearer(who.token) : {} });

const moderate = (who: Person | null, key: string) =>
  callApi(moderatorHandler, { params: { key }, headers: who ? bearer(who.token) : {} });

const keysOf = (answer: SearchAnswer) => answer.profiles.map((profile) => profile.key);

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  const db = handle.db;
  const names = [
    ...["employer", "colleague", "pending", "rejected", "stopped", "quota", "loner"],
    ...["left", "unreviewed"],
  ];
  for (const name of names) {
    people[name as keyof typeof people] = await person(
      db,
      `${name}-${run}`,
      `${name}-${run}@studio.example`,
      `${name[0]!.toUpperCase()}${name.slice(1)} Person`,
    );
  }
  people.moderator = await person(db, `moderator-${run}`, MODERATOR, "Mo Derator");

  const hired = await postListing(db, people.employer, `Hired Studio ${run}`);
  await goLive(hired.jobId);
  liveJobId = hired.jobId;
  companyOf.employer = hired.companyId;
  await join(db, hired.companyId, people.colleague, "viewer");
  // Listings that never went live: one waiting for review and payment, one rejected.
  companyOf.pending = (await postListing(db, people.pending, `Pending Studio ${run}`)).companyId;
  const rejected = await postListing(db, people.rejected, `Rejected Studio ${run}`);
  await db.update(jobs).set({ status: "rejected" }).where(eq(jobs.id, rejected.jobId));
  // A listing that went live and then left the board (as an imported job gone from its ATS
  // does): the company had a live listing. One withdrawn before review never went live.
  const left = await postListing(db, people.left, `Left Studio ${run}`);
  await goLive(left.jobId);
  await db
    .update(jobs)
    .set({ status: "withdrawn", reviewedAt: new Date() })
    .where(eq(jobs.id, left.jobId));
  const unreviewed = await postListing(db, people.unreviewed, `Unreviewed Studio ${run}`);
  await db.update(jobs).set({ status: "withdrawn" }).where(eq(jobs.id, unreviewed.jobId));
  const stopped = await postListing(db, people.stopped, `Stopped Studio ${run}`);
  await goLive(stopped.jobId);
  companyOf.stopped = stopped.companyId;
  const quota = await postListing(db, people.quota, `Busy Studio ${run}`);
  await goLive(quota.jobId);
  companyOf.quota = quota.companyId;

  await signedInCandidate("Pia Public", {
    profile_visibility: "public",
    headline: "Short-form video editor",
    skills: ["Premiere Pro", "CapCut"],
    location: "Lisbon, Portugal",
    open_to_work: true,
  });
  await updatePreferences(db, candidates["Pia Public"]!.id, {
    departments: ["marketing"],
    regions: ["europe"],
    types: ["full-time"],
    salary_min: 50_000,
  });
  await candidate(
    "Emil Employers",
    "employers",
    { headline: "Motion designer", skills: ["After Effects", "Rotoscoping"], bio: "Ten years." },
    { departments: ["design"], remote_only: true, types: ["contractor"] },
  );
  await candidate(
    "Hana Hidden",
    "hidden",
    { headline: "Motion designer", skills: ["After Effects", "Kinescope"] },
    { departments: ["design"], regions: ["europe"] },
  );
  // The stopped company's candidates: they stopped it, so it finds neither of them.
  for (const name of ["Pia Public", "Emil Employers"]) {
    await db
      .insert(companyBlocks)
      .values({ candidateId: candidates[name]!.id, companyId: companyOf.stopped });
  }
  await refreshProfileSearchTerms(db);
}, 120_000);

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("who may search and open profiles", () => {
  const VISIBLE = { public: "Pia Public", employers: "Emil Employers", hidden: "Hana Hidden" };

  it.each(Object.entries(VISIBLE))("a %s profile, to each caller", async (visibility, name) => {
    const { key } = candidates[name]!;
    const statusOf = async (who: Person | null) => (await open(who, key)).status;
    expect(await statusOf(null)).toBe(401);
    // Signed in, in no company: the employer guard's answer.
    expect(await statusOf(people.loner)).toBe(404);
    // A company whose listings never went live: pending, rejected, or withdrawn unreviewed.
    for (const who of [people.pending, people.rejected, people.unreviewed]) {
      const answer = await open(who, key);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: NO_LIVE_LISTING });
    }
    expect(await statusOf(people.employer)).toBe(visibility === "hidden" ? 404 : 200);
    // A company the candidate stopped sees nothing of them, as if there were no such profile.
    expect(await statusOf(people.stopped)).toBe(404);
    // A moderator in no company: the employer's route is not theirs; their own reads findable
    // profiles.
    expect(await statusOf(people.moderator)).toBe(404);
    expect((await moderate(people.moderator, key)).status).toBe(
      visibility === "hidden" ? 404 : 200,
    );
    expect((await moderate(null, key)).status).toBe(401);
    expect((await moderate(people.employer, key)).status).toBe(403);
  });

  it("lists public and employers-only profiles, never hidden or stopping ones", async () => {
    expect((await search(null)).status).toBe(401);
    expect((await search(people.loner)).status).toBe(404);
    expect((await search(people.moderator)).status).toBe(404);
    for (const who of [people.pending, people.rejected, people.unreviewed]) {
      const answer = await search(who);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: NO_LIVE_LISTING });
    }
    // One whose only live listing has left the board since (an import's job gone from its ATS).
    expect((await search(people.left)).status).toBe(200);
    const found = keysOf(await searched(people.employer));
    expect(found).toEqual(
      expect.arrayContaining([candidates["Pia Public"]!.key, candidates["Emil Employers"]!.key]),
    );
    expect(found).not.toContain(candidates["Hana Hidden"]!.key);
    const stopped = keysOf(await searched(people.stopped));
    expect(stopped).not.toContain(candidates["Pia Public"]!.key);
    expect(stopped).not.toContain(candidates["Emil Employers"]!.key);
  });

  it("answers 404 to a key that names nobody, or is not a key", async () => {
    expect((await open(people.employer, "0".repeat(20))).status).toBe(404);
    expect((await open(people.employer, "not-a-key")).status).toBe(404);
    expect((await open(people.employer, `${candidates["Pia Public"]!.key}0`)).status).toBe(404);
  });

  it("never answers an e-mail address, and nothing a shared cache may keep", async () => {
    const db = handle.db;
    // Two invitations of the company's to Emil (the invitations' own routes write them).
    const second = await postListing(db, people.employer, `Hired Studio ${run}`);
    const [older, newer] = [new Date(Date.now() - 2 * DAY_MS), new Date(Date.now() - DAY_MS)];
    for (const [jobId, at] of [
      [liveJobId, older],
      [second.jobId, newer],
    ] as const) {
      await db.insert(jobInvitations).values({
        companyId: companyOf.employer,
        jobId,
        candidateId: candidates["Emil Employers"]!.id,
        invitedBy: people.employer.userId,
        message: "Come and work with us",
        createdAt: at,
      });
    }
    const listed = await search(people.employer);
    const opened = await open(people.employer, candidates["Emil Employers"]!.key);
    const moderated = await moderate(people.moderator, candidates["Emil Employers"]!.key);
    for (const answer of [listed, opened, moderated]) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain("@");
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
    const profile = (opened.body as { profile: Record<string, unknown> }).profile;
    expect(profile).toMatchObject({
      name: "Emil Employers",
      bio: "Ten years.",
      remote_only: true,
      regions: ["remote"],
      types: ["contractor"],
      invitable: true,
      viewed_today: true,
    });
    const invitations = profile.invitations as { job: { id: number }; created_at: string }[];
    expect(invitations.map((invitation) => invitation.job.id)[0]).toBe(second.jobId);
    expect(invitations).toHaveLength(2);
    expect(invitations[0]).toMatchObject({
      candidate: { key: candidates["Emil Employers"]!.key, name: "Emil Employers" },
      job: { title: expect.any(String) },
      invited_by: "Employer Person",
      status: "sent",
    });
    // The moderator reads the profile counting nothing, with nothing of a company's.
    expect((moderated.body as { profile: unknown }).profile).toMatchObject({
      invitable: false,
      invitations: [],
      viewed_today: false,
    });
  });

  it("says a candidate takes no invitations when they stopped taking them", async () => {
    const emil = candidates["Emil Employers"]!;
    await updateUser(handle.db, emil.id, { invitations_open: false });
    const opened = await open(people.employer, emil.key);
    expect(opened.body).toMatchObject({ profile: { invitable: false } });
    await updateUser(handle.db, emil.id, { invitations_open: true });
  });
});

describe("profile views", () => {
  it("counts a candidate once a day per company, whoever sees them, in search or opened", async () => {
    const before = (await searched(people.employer)).views.used;
    const vi = await candidate("Vi Viewed", "public", { headline: "Producer" });
    const pia = vi.key;
    const first = await open(people.employer, pia);
    const again = await open(people.employer, pia);
    const colleague = await open(people.colleague, pia);
    expect(first.status).toBe(200);
    const used = (first.body as { views: Quota }).views.used;
    expect(used).toBe(before + 1);
    expect((again.body as { views: Quota }).views.used).toBe(used);
    expect((colleague.body as { views: Quota }).views.used).toBe(used);
    const after = await searched(people.employer);
    expect(after.views.used).toBe(used);
    expect(after.views).toMatchObject({
      limit: PROFILE_VIEWS_PER_DAY,
      left: PROFILE_VIEWS_PER_DAY - used,
    });
    expect(after.profiles.find((card) => card.key === pia)?.viewed_today).toBe(true);
    const [rows] = await handle.db
      .select({ n: count() })
      .from(profileViews)
      .where(
        and(eq(profileViews.companyId, companyOf.employer), eq(profileViews.candidateId, vi.id)),
      );
    expect(rows?.n).toBe(1);
  });

  it("opens exactly 200 of 205 profiles opened at once, then only those again, until tomorrow", async () => {
    const db = handle.db;
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: 205 }, (_, index) => ({
          firebaseUid: `bulk-${index}-${run}`,
          fullName: `Bulk Candidate ${index}`,
          headline: "Bulk profile",
          profileVisibility: "employers" as const,
        })),
      )
      .returning({ id: users.id, key: users.profileKey });
    const answers = await Promise.all(made.map(({ key }) => open(people.quota, key)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PROFILE_VIEWS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(205 - PROFILE_VIEWS_PER_DAY);
    const refused = answers.filter((answer) => answer.status === 429);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({
        code: "rate_limited",
        error: expect.stringMatching(/seen 200 candidates today/),
      });
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Nothing was recorded for the refused ones.
    const [recorded] = await db
      .select({ n: count() })
      .from(profileViews)
      .where(eq(profileViews.companyId, companyOf.quota));
    expect(recorded?.n).toBe(PROFILE_VIEWS_PER_DAY);
    expect((await searched(people.quota)).views).toMatchObject({ used: 200, left: 0 });
    // A profile opened today still opens, for nothing; a new one does not.
    const openedKey = made[statuses.indexOf(200)]!.key;
    const refusedKey = made[statuses.indexOf(429)]!.key;
    expect((await open(people.quota, openedKey)).status).toBe(200);
    expect((await open(people.quota, refusedKey)).status).toBe(429);
    // The next UTC day starts again.
    const tomorrow = new Date(Date.now() + DAY_MS);
    const next = await openDirectoryProfile(
      db,
      { companyId: companyOf.quota },
      refusedKey,
      tomorrow,
    );
    expect(next.views).toMatchObject({ used: 1, left: PROFILE_VIEWS_PER_DAY - 1 });
    expect(next.profile.viewed_today).toBe(true);
    // These profiles are done with: the searches below do not meet them.
    await db.delete(users).where(sql`${users.firebaseUid} like ${`bulk-%-${run}`}`);
  }, 120_000);

  it("yields at most the day's allowance of candidates to a member paging through search", async () => {
    const db = handle.db;
    const word = `harvest${run}`;
    const made = await db
      .insert(users)
      .values(
        Array.from({ length: 230 }, (_, index) => ({
          firebaseUid: `paged-${index}-${run}`,
          fullName: `Paged Candidate ${index}`,
          headline: `Editor ${word}`,
          skills: ["Premiere Pro"],
          profileVisibility: "employers" as const,
        })),
      )
      .returning({ id: users.id, key: users.profileKey });
    await refreshProfileSearchTerms(db);
    // A day of its own for the company: its allowance is whole.
    const day = new Date(Date.now() + 3 * DAY_MS);
    const filters = { q: word, page: 1 };
    const first = await searchDirectory(db, companyOf.quota, filters, day);
    expect(first.total).toBe(230);
    const seen = new Set<string>();
    const pages: DirectoryPage[] = [];
    for (let page = 1; page <= first.page_count; page += 1) {
      const answer = await searchDirectory(db, companyOf.quota, { ...filters, page }, day);
      pages.push(answer);
      for (const card of answer.profiles) seen.add(card.key);
    }
    // Whatever the pages, the company saw the day's allowance of candidates and no more: the
    // first page again costs nothing, and the pages past the allowance withhold theirs.
    expect(seen.size).toBe(PROFILE_VIEWS_PER_DAY);
    expect(pages.at(-1)!.views).toMatchObject({ used: PROFILE_VIEWS_PER_DAY, left: 0 });
    expect(pages.reduce((sum, page) => sum + page.withheld, 0)).toBe(230 - PROFILE_VIEWS_PER_DAY);
    expect(pages.at(-1)!.profiles).toEqual([]);
    expect((await searchDirectory(db, companyOf.quota, filters, day)).profiles).toHaveLength(20);
    // A candidate shown opens at no cost; one withheld is refused.
    const shownKey = [...seen][0]!;
    const withheldKey = made.find((one) => !seen.has(one.key))!.key;
    await expect(
      openDirectoryProfile(db, { companyId: companyOf.quota }, shownKey, day),
    ).resolves.toMatchObject({ views: { used: PROFILE_VIEWS_PER_DAY } });
    await expect(
      openDirectoryProfile(db, { companyId: companyOf.quota }, withheldKey, day),
    ).rejects.toMatchObject({ code: "rate_limited" });
    await db.delete(users).where(sql`${users.firebaseUid} like ${`paged-%-${run}`}`);
  }, 120_000);
});

describe("a candidate who hides their profile or leaves", () => {
  it("is gone from the next search and open, and back once shown again", async () => {
    const mo = await signedInCandidate("Mo Mover", {
      profile_visibility: "employers",
      headline: "Colorist",
    });
    const as = (visibility: ProfileVisibility) =>
      callApi(currentUserHandler, {
        method: "PATCH",
        headers: bearer(mo.token!),
        body: { user: { profile_visibility: visibility } },
      });
    expect(keysOf(await searched(people.employer))).toContain(mo.key);
    expect((await open(people.employer, mo.key)).status).toBe(200);
    expect((await as("hidden")).status).toBe(200);
    expect(keysOf(await searched(people.employer))).not.toContain(mo.key);
    expect((await open(people.employer, mo.key)).status).toBe(404);
    expect((await moderate(people.moderator, mo.key)).status).toBe(404);
    expect((await as("public")).status).toBe(200);
    expect(keysOf(await searched(people.employer))).toContain(mo.key);
  });

  it("is gone at once when they delete their account", async () => {
    const lee = await signedInCandidate("Lee Leaver", {
      profile_visibility: "public",
      headline: "Editor",
    });
    expect(keysOf(await searched(people.employer))).toContain(lee.key);
    const deleted = await callApi(currentUserHandler, {
      method: "DELETE",
      headers: bearer(lee.token!),
    });
    expect(deleted.status).toBe(200);
    expect(keysOf(await searched(people.employer))).not.toContain(lee.key);
    expect((await open(people.employer, lee.key)).status).toBe(404);
  });
});

describe("the search", () => {
  it("corrects a typo of a skill saved minutes ago to the directory's own words", async () => {
    const db = handle.db;
    const kim = await signedInCandidate("Kim Keyframe", {
      profile_visibility: "employers",
      headline: "Video editor",
      skills: ["Premiere Pro", "Grading"],
    });
    // Saving the profile queued the vocabulary's refill (debounced), which the worker runs; here
    // it is run at once.
    const queued = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'profile-terms'`),
    );
    expect(queued[0]!.n).toBeGreaterThan(0);
    await TASK_HANDLERS["profile-terms"]({
      db,
      boss: await getQueue(handle),
      now: new Date(),
      data: {},
    });
    const found = await searched(people.employer, { q: "premeire" });
    expect(found.corrected_q).toBe("premiere");
    expect(keysOf(found)).toEqual(expect.arrayContaining([kim.key, candidates["Pia Public"]!.key]));
    // A word only an employers-only profile holds is the directory's, never the job search's.
    const typo = await searched(people.employer, { q: "rotoscopign" });
    expect(typo.corrected_q).toBe("rotoscoping");
    expect(keysOf(typo)).toEqual([candidates["Emil Employers"]!.key]);
    await refreshSearchTerms(db);
    expect((await planSearch(db, "rotoscopign")).correctedText).toBeNull();
    // A hidden profile's words are not offered either, nor found.
    const hidden = await searched(people.employer, { q: "kinescpoe" });
    expect(hidden).toMatchObject({ total: 0, profiles: [], corrected_q: null });
  });

  it("finds nothing for a word nobody has, and costs no view", async () => {
    const before = (await searched(people.employer)).views.used;
    const none = await searched(people.employer, { q: "zzyzx quokkaherder" });
    expect(none).toMatchObject({ total: 0, profiles: [], page: 1, page_count: 1 });
    expect(none.facets).toEqual({ department: {}, region: {}, type: {} });
    expect(none.views.used).toBe(before);
  });

  it("filters, and counts each filter's choices with the others kept", async () => {
    const db = handle.db;
    const make = (name: string, wants: Parameters<typeof updatePreferences>[2], days = 0) =>
      candidate(name, "employers", { headline: "Gaffer", skills: ["Lighting"] }, wants).then(
        async (made) => {
          await db
            .update(users)
            .set({ lastActiveAt: new Date(Date.now() - days * DAY_MS) })
            .where(eq(users.id, made.id));
          return made.key;
        },
      );
    const ana = await make("Ana Gaffer", {
      departments: ["design"],
      regions: ["europe"],
      types: ["full-time"],
      salary_min: 60_000,
    });
    const ben = await make(
      "Ben Gaffer",
      { departments: ["design"], remote_only: true, types: ["contractor"], salary_min: 90_000 },
      20,
    );
    const cy = await make("Cy Gaffer", { departments: ["engineering"], regions: ["asia"] }, 200);
    await refreshProfileSearchTerms(db);
    const q = { q: "gaffer" };
    const all = await searched(people.employer, q);
    expect(keysOf(all).sort()).toEqual([ana, ben, cy].sort());
    expect(all.facets).toEqual({
      department: { design: 2, engineering: 1 },
      region: { europe: 1, remote: 1, asia: 1 },
      type: { "full-time": 1, contractor: 1 },
    });
    const active = Object.fromEntries(all.profiles.map((card) => [card.key, card.active_within]));
    expect(active).toEqual({ [ana]: 7, [ben]: 30, [cy]: null });
    expect(all.profiles.find((card) => card.key === ben)!.regions).toEqual(["remote"]);

    const design = await searched(people.employer, { ...q, department: "design" });
    expect(keysOf(design).sort()).toEqual([ana, ben].sort());
    // The department's own counts are as without it; the others count within it.
    expect(design.facets.department).toEqual({ design: 2, engineering: 1 });
    expect(design.facets.region).toEqual({ europe: 1, remote: 1 });
    expect(keysOf(await searched(people.employer, { ...q, region: "remote" }))).toEqual([ben]);
    expect(keysOf(await searched(people.employer, { ...q, type: "contractor" }))).toEqual([ben]);
    // Pay covers what they ask, or they named nothing.
    const pay = await searched(people.employer, { ...q, pay: "70000" });
    expect(keysOf(pay).sort()).toEqual([ana, cy].sort());
    expect(pay.facets.department).toEqual({ design: 1, engineering: 1 });
    const recent = await searched(people.employer, { ...q, active: "30" });
    expect(keysOf(recent).sort()).toEqual([ana, ben].sort());
    expect(keysOf(await searched(people.employer, { ...q, active: "7" }))).toEqual([ana]);
    expect(
      await searched(people.employer, { ...q, department: "design", region: "asia" }),
    ).toMatchObject({ total: 0, profiles: [] });
  });

  it("pages through the matches, each once", async () => {
    const made: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      made.push((await candidate(`Zed Zoetrope ${index}`, "public", { skills: ["Zoetrope"] })).key);
    }
    await refreshProfileSearchTerms(handle.db);
    const first = await searched(people.employer, { q: "zoetrope" });
    const second = await searched(people.employer, { q: "zoetrope", page: "2" });
    const beyond = await searched(people.employer, { q: "zoetrope", page: "3" });
    expect(first).toMatchObject({ total: 25, page: 1, page_count: 2 });
    expect(first.profiles).toHaveLength(20);
    expect(second).toMatchObject({ total: 25, page: 2, page_count: 2 });
    expect(second.profiles).toHaveLength(5);
    expect([...keysOf(first), ...keysOf(second)].sort()).toEqual(made.sort());
    expect(beyond).toMatchObject({ total: 25, profiles: [] });
  });

  it("lets one person run 120 searches in 10 minutes, and no more", async () => {
    const scraper = await person(
      handle.db,
      `scraper-${run}`,
      `scraper-${run}@studio.example`,
      "Scraper Person",
    );
    await join(handle.db, companyOf.employer, scraper, "viewer");
    for (let page = 1; page <= DIRECTORY_SEARCH_LIMIT.points; page += 1) {
      expect((await search(scraper, { page: String(page) })).status).toBe(200);
    }
    const refused = await search(scraper, { page: "121" });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "rate_limited" });
    // Their colleagues search on.
    expect((await search(people.colleague)).status).toBe(200);
  }, 60_000);

  it.each([
    [{ department: "astrology" }, "department"],
    [{ region: ["europe", "asia"] }, "region"],
    [{ type: "gig" }, "type"],
    [{ pay: "-1" }, "pay"],
    [{ pay: "lots" }, "pay"],
    [{ active: "14" }, "active"],
    [{ page: "0" }, "page"],
    [{ email: "x" }, "email"],
  ])("answers 422 to %j", async (query, field) => {
    const answer = await callApi(searchHandler, { query, headers: bearer(people.employer.token) });
    expect(answer.status).toBe(422);
    expect(answer.body!.errors).toHaveProperty(field);
  });
});

describe("the companies that looked at a candidate", () => {
  it("lists each company with its days, never who, and only to that candidate", async () => {
    const db = handle.db;
    const pia = candidates["Pia Public"]!;
    // A view by the stopped company before it was stopped, ten days ago, and one 31 days ago.
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
    await db.insert(profileViews).values([
      {
        companyId: companyOf.employer,
        candidateId: pia.id,
        viewedOn: utcDay(daysAgo(10)),
        viewedAt: daysAgo(10),
      },
      {
        companyId: companyOf.stopped,
        candidateId: pia.id,
        viewedOn: utcDay(daysAgo(31)),
        viewedAt: daysAgo(31),
      },
    ]);
    const listed = await callApi(viewsHandler, { headers: bearer(pia.token!) });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      views: [
        {
          company: { name: `Hired Studio ${run}`, slug: expect.any(String) },
          days: 2,
          last_viewed_at: expect.any(String),
        },
      ],
    });
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain("@");
    expect(text).not.toContain("Employer Person");
    expect(text).not.toContain("Colleague Person");
    // Another candidate's list does not show it.
    const other = await callApi(viewsHandler, { headers: bearer(candidates["Mo Mover"]!.token!) });
    expect(other.body).toEqual({
      views: [
        expect.objectContaining({
          company: expect.objectContaining({ name: `Hired Studio ${run}` }),
          days: 1,
        }),
      ],
    });
    expect((await callApi(viewsHandler, { headers: bearer(people.loner.token) })).body).toEqual({
      views: [],
    });
    expect((await callApi(viewsHandler)).status).toBe(401);
  });

  it("forgets views past 30 days, and old allowances, in the daily retention", async () => {
    const db = handle.db;
    const pia = candidates["Pia Public"]!;
    const old = utcDay(new Date(Date.now() - 5 * DAY_MS));
    await db
      .insert(companyAllowances)
      .values({ companyId: companyOf.employer, kind: "profile_views", day: old, used: 3 });
    const done = await TASK_HANDLERS["purge-applications"]({
      db,
      boss: await getQueue(handle),
      now: new Date(),
      data: {},
    });
    expect(done.profile_views).toBeGreaterThanOrEqual(1);
    expect(done.allowances).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ companyId: profileViews.companyId, viewedOn: profileViews.viewedOn })
      .from(profileViews)
      .where(eq(profileViews.candidateId, pia.id));
    expect(left.map((row) => row.companyId)).not.toContain(companyOf.stopped);
    expect(left.filter((row) => row.companyId === companyOf.employer)).toHaveLength(2);
    const allowances = await db
      .select({ day: companyAllowances.day })
      .from(companyAllowances)
      .where(eq(companyAllowances.companyId, companyOf.employer));
    expect(allowances.map((row) => row.day)).not.toContain(old);
    expect(allowances.map((row) => row.day)).toContain(utcDay(new Date()));
  });
});

describe("when a candidate was last active", () => {
  it("is written by a signed-in request at most once an hour", async () => {
    const db = handle.db;
    const pia = candidates["Pia Public"]!;
    const setActive = (at: Date) =>
      db.update(users).set({ lastActiveAt: at }).where(eq(users.id, pia.id));
    const activeAt = async () =>
      (await db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, pia.id)))[0]!.at;
    await setActive(new Date(Date.now() - 40 * DAY_MS));
    const card = async () =>
      (await searched(people.employer, { q: "premiere" })).profiles.find(
        (profile) => profile.key === pia.key,
      )!;
    expect((await card()).active_within).toBe(90);
    const started = Date.now();
    expect((await callApi(currentUserHandler, { headers: bearer(pia.token!) })).status).toBe(200);
    expect((await activeAt()).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect((await card()).active_within).toBe(7);
    // Within the hour, requests leave it as it is.
    const recent = new Date(Date.now() - 30 * 60 * 1000);
    await setActive(recent);
    expect((await callApi(currentUserHandler, { headers: bearer(pia.token!) })).status).toBe(200);
    expect((await activeAt()).getTime()).toBe(recent.getTime());
  });
});
