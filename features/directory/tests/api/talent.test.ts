// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import handler from "@/pages/api/talent";
import { updatePreferences } from "@/features/account/server/preferences";
import { findOrCreateUser, updateUser } from "@/lib/server/users/users";
import { callApi } from "@/tests/api/call";
import { setUpTestDatabase } from "@/tests/support/database";

const handle = setUpTestDatabase();

beforeAll(async () => {
  const db = handle.db;
  const person = async (uid: string, name: string, fields: Parameters<typeof updateUser>[2]) => {
    const user = await findOrCreateUser(db, { uid, name, email: `${uid}@private.example` });
    await updateUser(db, user.id, fields);
    return user;
  };
  const ada = await person("ada", "Ada Designer", {
    profile_visibility: "public",
    open_to_work: true,
    headline: "Thumbnail designer",
    skills: ["Figma"],
  });
  await updatePreferences(db, ada.id, { departments: ["design"], regions: ["europe"] });
  const remo = await person("remo", "Remo Remote", { profile_visibility: "public" });
  await updatePreferences(db, remo.id, { departments: ["engineering"], remote_only: true });
  // Someone who did not opt in: never listed, whatever the filters.
  const hidden = await person("hidden", "Hidden Person", { open_to_work: true });
  await updatePreferences(db, hidden.id, { departments: ["design"], regions: ["europe"] });
});

const names = (body: Record<string, unknown> | undefined) =>
  (body!.profiles as { name: string }[]).map((profile) => profile.name);

describe("GET /api/talent", () => {
  it("lists only people who opted in, open to work first, with nothing private", async () => {
    const { status, body, headers } = await callApi(handler);
    expect(status).toBe(200);
    expect(names(body)).toEqual(["Ada Designer", "Remo Remote"]);
    expect(JSON.stringify(body)).not.toMatch(/private\.example|email|firebase|uid/i);
    expect(headers["cache-control"]).toMatch(/^public/);
  });

  it("filters by department and region, remote-only people counting as remote", async () => {
    const design = await callApi(handler, { query: { department: "design", region: "europe" } });
    expect(names(design.body)).toEqual(["Ada Designer"]);
    const remote = await callApi(handler, { query: { region: "remote" } });
    expect(names(remote.body)).toEqual(["Remo Remote"]);
    const none = await callApi(handler, { query: { department: "legal" } });
    expect(none.body).toMatchObject({ total: 0, profiles: [] });
  });

  it.each([
    [{ department: "astrology" }, "department"],
    [{ region: ["europe", "asia"] }, "region"],
    [{ page: "0" }, "page"],
    [{ email: "x" }, "email"],
  ])("answers 422 to %j", async (query, field) => {
    const { status, body, headers } = await callApi(handler, { query });
    expect(status).toBe(422);
    expect(body!.errors).toHaveProperty(field);
    // An error is never stored by shared caches.
    expect(headers["cache-control"]).toBe("private, no-store");
  });
});
