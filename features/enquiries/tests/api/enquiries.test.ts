// @vitest-environment node
import { describe, expect, it } from "vitest";
import handler from "@/pages/api/enquiries";
import { enquiries } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { setUpTestDatabase } from "@/tests/support/database";

const handle = setUpTestDatabase();

const valid = {
  name: "Maya Okafor",
  email: "maya@studio.example",
  company: "Studio",
  website: "",
  service: "shortlist",
  roles: "2",
  message: "Two creator partnerships managers for our London team, from March.",
};

const stored = () => handle.db.select().from(enquiries);

describe("POST /api/enquiries", () => {
  it("stores a valid enquiry and answers 201 with its reference", async () => {
    const { status, body } = await callApi(handler, { method: "POST", body: valid });
    expect(status).toBe(201);
    expect(body).toMatchObject({ id: expect.any(Number), received: true });
    const [row] = await stored();
    expect(row).toMatchObject({
      name: "Maya Okafor",
      website: null,
      roles: 2,
      service: "shortlist",
    });
  });

  it("takes the website as optional: left out, it is stored as none", async () => {
    const { website: _, ...withoutWebsite } = valid;
    const { status } = await callApi(handler, { method: "POST", body: withoutWebsite });
    expect(status).toBe(201);
  });

  it.each([
    ["no name", { name: "  " }, "name"],
    ["a bad email", { email: "maya" }, "email"],
    ["no company", { company: "" }, "company"],
    ["a website that is not a web address", { website: "javascript:alert(1)" }, "website"],
    ["an unknown service", { service: "headhunting" }, "service"],
    ["zero roles", { roles: "0" }, "roles"],
    ["roles as words", { roles: "two" }, "roles"],
    ["too many roles", { roles: 500 }, "roles"],
    ["a short message", { message: "Hi" }, "message"],
    ["a huge message", { message: "x".repeat(3001) }, "message"],
    ["an unknown field", { budget: "lots" }, "budget"],
  ])("answers 422 to %s and stores nothing", async (_, change, field) => {
    const before = (await stored()).length;
    const { status, body } = await callApi(handler, {
      method: "POST",
      body: { ...valid, ...change },
    });
    expect(status).toBe(422);
    expect(body!.errors).toHaveProperty(field);
    expect((await stored()).length).toBe(before);
  });

  it("answers 422 to a body that is not an object, and 405 to GET", async () => {
    expect((await callApi(handler, { method: "POST", body: "hello" })).status).toBe(422);
    const listing = await callApi(handler);
    expect(listing.status).toBe(405);
    expect(listing.headers.allow).toBe("POST");
  });

  it("answers 429 in JSON past 6 enquiries from one address in an hour, counting only valid ones", async () => {
    const address = "198.18.1.9";
    // A burst of malformed and invalid posts spends none of the address's allowance.
    for (let sent = 0; sent < 20; sent += 1) {
      const raw = sent % 2 ? '{"name": ' : JSON.stringify({ ...valid, email: "nope" });
      const headers = { "content-type": "application/json" };
      expect(
        (await callApi(handler, { method: "POST", raw, headers, address })).status,
      ).toBeLessThan(429);
    }
    for (let sent = 0; sent < 6; sent += 1) {
      expect((await callApi(handler, { method: "POST", body: valid, address })).status).toBe(201);
    }
    const before = (await stored()).length;
    const refused = await callApi(handler, { method: "POST", body: valid, address });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: expect.stringMatching(/Too many enquiries/),
      code: "rate_limited",
    });
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await stored()).length).toBe(before);
  });
});
