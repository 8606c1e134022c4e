// @vitest-environment node
import { once } from "node:events";
import { createServer } from "node:http";
import { connect } from "node:net";
import { describe, expect, it, vi } from "vitest";
import enquiriesHandler from "@/pages/api/enquiries";
import { readRawBody } from "@/lib/server/http/body";
import { errorResponse } from "@/lib/server/http/error-response";
import { log } from "@/lib/server/log";
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

describe("a client that hangs up while sending its body", () => {
  it("is its own request cut off (400), not a database outage (503)", async () => {
    const warn = vi.spyOn(log, "warn");
    let failed: (error: unknown) => void = () => {};
    const failure = new Promise<unknown>((resolve) => (failed = resolve));
    let reading: () => void = () => {};
    const started = new Promise<void>((resolve) => (reading = resolve));
    const server = createServer((req) => {
      reading();
      readRawBody(req, 64 * 1024).then(() => failed(new Error("the body was read whole")), failed);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as { port: number };
      const socket = connect(port, "127.0.0.1");
      await once(socket, "connect");
      // Says 1,000 bytes, sends 10, and goes.
      socket.write(
        "POST /api/enquiries HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
          'Content-Length: 1000\r\n\r\n{"name": "',
      );
      await started;
      socket.destroy();
      const error = await failure;
      const answer = errorResponse(error);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("malformed_request");
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      server.close();
    }
  });
});
