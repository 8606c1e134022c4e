// @vitest-environment node
import { describe, expect, it } from "vitest";
import enquiriesHandler from "@/pages/api/enquiries";
import { callApi } from "@/tests/api/call";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * Next.js's body parser answers malformed and oversize bodies in plain text. Every API route
 * turns it off, and the API pipeline reads bodies itself, answering those in JSON.
 */
const routes = import.meta.glob<{ config?: unknown }>("/pages/api/**/*.ts", { eager: true });

describe("API request bodies", () => {
  it.each(Object.entries(routes))("%s turns off Next.js's body parser", (_, route) => {
    expect(route.config).toEqual({ api: { bodyParser: false } });
  });

  setUpTestDatabase();

  it.each([
    ["malformed JSON", '{"name": "Ma', "application/json", 400, "malformed_request"],
    [
      "a form instead of JSON",
      "name=Maya",
      "application/x-www-form-urlencoded",
      415,
      "unsupported_media_type",
    ],
    [
      "a body over 64 kB",
      JSON.stringify({ message: "x".repeat(70_000) }),
      "application/json",
      413,
      "payload_too_large",
    ],
  ])("answers %s with %i and a JSON error", async (_, raw, type, status, code) => {
    const response = await callApi(enquiriesHandler, {
      method: "POST",
      raw,
      headers: { "content-type": type },
    });
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: expect.any(String), code });
  });
});
