import axios from "axios";
import type { z } from "zod";
import type { Operation } from "@/lib/api/operation";
import { operations, type ApiAnswer, type OperationId } from "@/lib/api-registry/operations";
import { QUERY_NAMING } from "@/lib/validation/field-errors";
import { parseInput } from "@/lib/validation/input";

/*
 * The API as the browser meets it, for component tests: the app's own client (axios, its token,
 * its error handling) sends real requests, and a fetch stands in for the server. Each request is
 * matched to its operation in lib/api, its body and query are read by the operation's schemas,
 * and an answer a test gives is parsed by the operation's answer schema before it is sent, so a
 * fixture that drifts from the contract fails the test.
 */

export type SentRequest = {
  operation: OperationId;
  method: string;
  /** The path as sent, with /api: "/api/company/packs". */
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The body as the operation's schema reads it. */
  body: unknown;
  headers: Record<string, string>;
};

/** A refusal, as the server answers one: `{ error, code }` (and `errors` for fields on 422). */
export class Refusal {
  constructor(
    readonly status: number,
    readonly body: { error: string; code: string; errors?: Record<string, string[]> },
  ) {}
}

export const refuse = (status: number, error: string, errors?: Record<string, string[]>) =>
  new Refusal(status, {
    error,
    code:
      {
        403: "forbidden",
        404: "not_found",
        409: "conflict",
        410: "gone",
        422: "invalid_input",
        429: "rate_limited",
      }[status] ?? "error",
    ...(errors ? { errors } : {}),
  });

type Handlers = {
  [K in OperationId]?: (
    request: SentRequest,
  ) => ApiAnswer<K> | Blob | Refusal | Promise<ApiAnswer<K> | Blob | Refusal>;
};

/** "/api/company/invoices/{invoiceId}/pdf" as a pattern, with its parameters' names. */
function pattern(path: string) {
  const names: string[] = [];
  const source = path
    .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
  return { regex: new RegExp(`^${source}$`), names };
}

// Fixed paths first: "/api/company/credits" is not "/api/company/{something}".
const PATTERNS = (Object.entries(operations) as [OperationId, Operation][])
  .map(([id, op]) => ({ id, op, ...pattern(op.path) }))
  .sort((a, b) => a.names.length - b.names.length);

function match(method: string, pathname: string) {
  for (const { id, op, regex, names } of PATTERNS) {
    const found = op.method === method ? regex.exec(pathname) : null;
    if (found) {
      const params = Object.fromEntries(names.map((name, index) => [name, found[index + 1]!]));
      return { id, op, params };
    }
  }
  return null;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let current: ((url: string, init: RequestInit) => Promise<Response>) | null = null;

// The app's client is made on its first call from axios's defaults: fetch, and this one.
axios.defaults.adapter = "fetch";
axios.defaults.env = {
  ...axios.defaults.env,
  fetch: (url: string, init: RequestInit) => {
    if (!current) throw new Error(`No fake API for ${init.method} ${url}`);
    return current(url, init);
  },
  // Without Request, axios hands fetch the address as it is (relative, as in a browser).
  Request: null,
} as unknown as typeof axios.defaults.env;

/**
 * Answers the app's API calls with `handlers`, by operation id. Returns what was sent, and what
 * went wrong on the way (an unknown address, a body or query the contract refuses, an answer that
 * is not the contract's): a test expects `problems` to be empty.
 */
export function fakeApi(handlers: Handlers) {
  const sent: SentRequest[] = [];
  const problems: string[] = [];

  current = async (url, init) => {
    const method = (init.method ?? "GET").toUpperCase();
    const address = new URL(url, "http://localhost");
    const found = match(method, address.pathname);
    if (!found) {
      problems.push(`no operation for ${method} ${address.pathname}`);
      return json(404, { error: "Not found", code: "not_found" });
    }
    const { id, op, params } = found;
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    );
    if (op.access !== "public" && !headers.authorization?.startsWith("Bearer ")) {
      problems.push(`${id} sent without a token`);
      return json(401, { error: "Sign in", code: "unauthorized" });
    }
    const query = Object.fromEntries(address.searchParams);
    const raw = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    let body: unknown = raw;
    if (op.query) {
      // Refused as the server refuses it: 422 with each field's messages.
      const read = parseInput(op.query as z.ZodType, query, QUERY_NAMING);
      if (!read.ok) {
        problems.push(`${id} refused its query ${address.search}`);
        return json(422, {
          error: "Some fields are invalid",
          code: "invalid_input",
          errors: read.errors,
        });
      }
    }
    try {
      if (!op.query && Object.keys(query).length) throw new Error(`a query: ${address.search}`);
      if (op.body) body = (op.body as z.ZodType).parse(raw);
      else if (raw !== undefined) throw new Error("a body");
    } catch (error) {
      problems.push(`${id} refused ${String(error)}`);
      return json(422, { error: "Check the fields", code: "invalid_input", errors: {} });
    }
    const request: SentRequest = {
      operation: id,
      method,
      path: address.pathname,
      params,
      query,
      body,
      headers,
    };
    sent.push(request);
    const handler = handlers[id] as ((request: SentRequest) => unknown) | undefined;
    if (!handler) {
      problems.push(`no answer for ${id}`);
      return json(500, { error: "No answer", code: "error" });
    }
    const answer = await handler(request);
    if (answer instanceof Refusal) return json(answer.status, answer.body);
    const schema = (op.answers[200] ?? op.answers[201]) as z.ZodType | { file: string };
    if ("file" in schema) {
      // The file's bytes: jsdom's Blob is not the one Node's Response reads.
      const bytes = new Uint8Array(await (answer as Blob).arrayBuffer());
      return new Response(bytes, { status: 200, headers: { "Content-Type": schema.file } });
    }
    const checked = schema.safeParse(answer);
    if (!checked.success) {
      problems.push(`${id} answered off the contract: ${checked.error.message}`);
      return json(500, { error: "Off contract", code: "error" });
    }
    return json(op.answers[200] ? 200 : 201, answer);
  };

  return {
    sent,
    problems,
    /** The requests of one operation, in order. */
    of: (operation: OperationId) => sent.filter((request) => request.operation === operation),
  };
}
