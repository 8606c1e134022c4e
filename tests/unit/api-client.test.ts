import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, setApiBearerToken, setApiTokenRefresher } from "@/lib/api-client";

let server: Server;
let origin: string;
let lastHeaders: IncomingHttpHeaders = {};

beforeAll(async () => {
  // The client runs in jsdom's browser XMLHttpRequest, so this other origin must allow CORS.
  server = createServer((request, response) => {
    response.setHeader("Access-Control-Allow-Origin", "*");
    response.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type");
    response.setHeader("Access-Control-Allow-Methods", "GET, PATCH, DELETE");
    if (request.method === "OPTIONS") {
      response.statusCode = 204;
      response.end();
      return;
    }
    lastHeaders = request.headers;
    response.setHeader("Content-Type", "application/json");
    if (request.url === "/api/current_user") {
      response.end(JSON.stringify({ full_name: "Ada Lovelace", avatar_url: null }));
    } else if (request.url === "/api/fresh_only") {
      const fresh = request.headers.authorization === "Bearer fresh-token";
      response.statusCode = fresh ? 200 : 401;
      response.end(JSON.stringify(fresh ? { ok: true } : { error: "expired" }));
    } else if (request.url === "/api/invalid") {
      response.statusCode = 422;
      response.end(JSON.stringify({ errors: { full_name: ["is required"] } }));
    } else {
      response.statusCode = 500;
      response.end(JSON.stringify({ error: "Something went wrong" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setApiBearerToken(null);
  setApiTokenRefresher(null);
  await new Promise((resolve) => server.close(resolve));
});

const at = (base: string) => ({ baseURL: `${base}/api` });

describe("apiClient", () => {
  it("retries a refused token once with a freshly minted one", async () => {
    let refreshes = 0;
    setApiBearerToken("expired-token");
    setApiTokenRefresher(async () => {
      refreshes += 1;
      return "fresh-token";
    });
    await expect(apiClient.get("/fresh_only", at(origin))).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(1);

    // A token that is refused even fresh is not retried again and again.
    setApiBearerToken("expired-token");
    setApiTokenRefresher(async () => {
      refreshes += 1;
      return "still-refused";
    });
    await expect(apiClient.get("/fresh_only", at(origin))).rejects.toEqual({ error: "expired" });
    expect(refreshes).toBe(2);
    setApiTokenRefresher(null);
    setApiBearerToken(null);
  });

  it("resolves with the response data, not the response", async () => {
    await expect(apiClient.get("/current_user", at(origin))).resolves.toEqual({
      full_name: "Ada Lovelace",
      avatar_url: null,
    });
  });

  it("sends the bearer token once one is set, and stops when it is cleared", async () => {
    setApiBearerToken("token-123");
    await apiClient.get("/current_user", at(origin));
    expect(lastHeaders.authorization).toBe("Bearer token-123");

    setApiBearerToken(null);
    await apiClient.get("/current_user", at(origin));
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it("rejects with the server's response body when the server answers with an error", async () => {
    await expect(apiClient.patch("/invalid", { user: {} }, at(origin))).rejects.toEqual({
      errors: { full_name: ["is required"] },
    });
    await expect(apiClient.get("/broken", at(origin))).rejects.toEqual({
      error: "Something went wrong",
    });
  });

  it("rejects with the request when no response came", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));

    const failure = await apiClient.get("/current_user", at(deadOrigin)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(XMLHttpRequest);
    expect((failure as XMLHttpRequest).status).toBe(0);
  });

  it("rejects with the message when the request never left", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      apiClient.get("/current_user", { ...at(origin), signal: controller.signal }),
    ).rejects.toBe("canceled");
  });
});
