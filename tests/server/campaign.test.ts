// @vitest-environment node
import { request as httpRequest } from "node:http";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, type DatabaseHandle } from "@/lib/server/db/client";
import { connectPglite } from "@/lib/server/db/pglite-client";
import {
  applications,
  enquiries,
  favorites,
  jobs,
  preferences,
  rejections,
  savedSearches,
  users,
} from "@/lib/server/db/schema";
import { bearer, googleIdToken, withClaims } from "@/tests/support/auth";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { copyTemplateDatabase, templateDataDir } from "@/tests/support/database";
import { seedBoardContent } from "@/features/content/server/content-seed";
import { snapshotTables, startServer, type RunningServer } from "@/tests/server/harness";

/*
 * An attacker's campaign against every operation of the API, generated from its own OpenAPI
 * document (fast-check): requests without a token, with bad tokens and with valid ones, each
 * carrying at least one defect (an unknown or prototype-named key, a NUL, a wrong type, a
 * malformed body, a broken path, a foreign id, a wrong method...). Every answer must be a 4xx
 * in JSON, and afterwards every table must be as it was. Runs on PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set, against the production server.
 */

const RUNS = Number(process.env.CAMPAIGN_RUNS ?? 5000);
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR_EMAIL = `moderator-${run}@creatorjobs.example`;

type JsonSchema = {
  $ref?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};
type Parameter = { in: "path" | "query"; name: string; schema: JsonSchema; required?: boolean };
type OperationDoc = {
  operationId: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type ApiDocument = {
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, JsonSchema> };
};

type Caller = "ada" | "grace" | "moderator";
type Attempt = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What makes it wrong, for the report of a failure. */
  defects: string[];
  /** Which kind of token it carries. */
  token: "none" | "bad" | "valid";
  operation: string;
};

let server: RunningServer;
let doc: ApiDocument;
let database: {
  handle?: DatabaseHandle;
  reopen: () => DatabaseHandle;
  url?: string;
  dataDir?: string;
};
const tokens: Record<Caller, string> = { ada: "", grace: "", moderator: "" };
/** Ids that are one person's, for the other to try. */
const owned = {
  ada: { savedJob: 0, hiddenJob: 0, application: 0, listing: 0, savedSearch: 0 },
  grace: { savedJob: 0, hiddenJob: 0, application: 0, listing: 0, savedSearch: 0 },
};
let before: Record<string, unknown[]>;
const counts = {
  total: 0,
  byStatus: new Map<number, number>(),
  byCaller: new Map<string, number>(),
};

const uidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { user_id: string })
    .user_id;

/** Puts two candidates' records, a pending listing and an enquiry in an empty database. */
async function seed(handle: DatabaseHandle) {
  const db = handle.db;
  // What the server's start adds to a new board (its legal documents, offers and posts): here
  // before the snapshot, as on any board that has started once.
  await seedBoardContent(db);
  const company = await insertCompany(db, `campaign-${run}`, "Campaign Studio");
  const open = await Promise.all(
    ["Video Editor", "Thumbnail Designer", "Community Manager", "Growth Lead"].map((title, i) =>
      insertJob(db, {
        title,
        companyId: company.id,
        publishedAt: new Date(Date.now() - (i + 1) * 3_600_000),
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      }),
    ),
  );
  const [ada, grace] = await db
    .insert(users)
    .values([
      // As their Google tokens say, so that no request has anything to bring up to date.
      {
        firebaseUid: uidOf(tokens.ada),
        email: `ada-${run}@example.com`,
        emailVerified: true,
        fullName: "Ada",
      },
      {
        firebaseUid: uidOf(tokens.grace),
        email: `grace-${run}@example.com`,
        emailVerified: true,
        fullName: "Grace",
      },
    ])
    .returning();
  const pending = (who: number, title: string) =>
    insertJob(db, { title, companyId: company.id, status: "pending", submittedBy: who });
  for (const [person, row, mine] of [
    [owned.ada, ada!, [open[0]!, open[1]!]],
    [owned.grace, grace!, [open[2]!, open[3]!]],
  ] as const) {
    await db.insert(favorites).values({ userId: row.id, jobId: mine[0].id });
    await db.insert(rejections).values({ userId: row.id, jobId: mine[1].id });
    const [application] = await db
      .insert(applications)
      .values({ userId: row.id, jobId: mine[0].id, status: "interviewing" })
      .returning();
    await db.insert(preferences).values({ userId: row.id, departments: ["design"] });
    const [search] = await db
      .insert(savedSearches)
      .values({ userId: row.id, q: "editor", department: "design", alertFrequency: "daily" })
      .returning();
    Object.assign(person, {
      savedSearch: search!.id,
      savedJob: mine[0].id,
      hiddenJob: mine[1].id,
      application: application!.id,
      listing: (await pending(row.id, `Pending for ${row.fullName}`)).id,
    });
  }
  await db.insert(enquiries).values({
    name: "Someone",
    email: "someone@example.com",
    company: "Co",
    website: null,
    service: "shortlist",
    roles: 1,
    message: "We need an editor for our channel, quickly.",
  });
  await db.update(jobs).set({ sponsored: true }).where(eq(jobs.id, open[0]!.id));
  // The moderator has an account too: a token seen for the first time would create one.
  await db.insert(users).values({
    firebaseUid: uidOf(tokens.moderator),
    email: MODERATOR_EMAIL,
    emailVerified: true,
    fullName: "Mo",
  });
}

beforeAll(async () => {
  [tokens.ada, tokens.grace, tokens.moderator] = await Promise.all([
    googleIdToken({ sub: `ada-${run}`, email: `ada-${run}@example.com`, name: "Ada" }),
    googleIdToken({ sub: `grace-${run}`, email: `grace-${run}@example.com`, name: "Grace" }),
    googleIdToken({ sub: `mod-${run}`, email: MODERATOR_EMAIL, name: "Mo" }),
  ]);
  if (process.env.TEST_DATABASE_URL) {
    const { url } = await copyTemplateDatabase("campaign");
    database = { url, reopen: () => connectPostgres(url) };
  } else {
    const dataDir = await templateDataDir();
    database = { dataDir, reopen: () => connectPglite(dataDir) };
  }
  const handle = database.reopen();
  await seed(handle);
  before = await snapshotTables(handle.db);
  // PGlite's folder has one owner: the server, while it runs.
  await handle.close();

  server = await startServer({
    database: database.url ? { url: database.url } : { dataDir: database.dataDir! },
    // No workers: the campaign checks what requests change, and the alert run (due at once for
    // the seeded candidates) would change tables on its own.
    env: { ADMIN_EMAILS: MODERATOR_EMAIL, WORKER: "false" },
  });
  doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as ApiDocument;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** Sends exactly these bytes: fetch will not send a GET with a body, or a broken path. */
type Answer = { status: number; type: string; text: string; headers: Record<string, unknown> };

function send(attempt: Attempt): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(server.url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: attempt.method,
        path: attempt.path,
        headers: {
          ...attempt.headers,
          ...(attempt.body !== undefined && { "content-length": Buffer.byteLength(attempt.body) }),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers["content-type"] ?? "",
            text,
            headers: res.headers,
          }),
        );
      },
    );
    req.on("error", reject);
    if (attempt.body !== undefined) req.write(attempt.body);
    req.end();
  });
}

// Plausible values, from the document's own schemas

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  return doc.components.schemas[schema.$ref.replace("#/components/schemas/", "")]!;
}

function plausible(raw: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => plausible(choice, depth)));
  switch (schema.type) {
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      if (depth > 4 || properties.length === 0) return fc.constant({});
      return fc.record(
        Object.fromEntries(properties.map(([key, value]) => [key, plausible(value, depth + 1)])),
        { requiredKeys: schema.required ?? [] },
      );
    }
    case "array":
      return fc.array(schema.items ? plausible(schema.items, depth + 1) : fc.string(), {
        maxLength: 3,
      });
    case "integer": {
      const min = Math.max(Math.min(schema.minimum ?? -10, 1e6), -1e6);
      return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? 1e6, 1e6)) });
    }
    case "number":
      return fc.double({ noNaN: true, min: -1e6, max: 1e6 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "string":
      if (schema.format === "email") return fc.constantFrom("jobs@studio.example", "a@b.co");
      if (schema.format === "uri")
        return fc.constantFrom("https://studio.example/jobs", "https://a.b/");
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 60, 60)),
      });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// Defects

const PROTOTYPE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
];
/**
 * Keys no input may use at any depth (issue 40): in a record keyed by the client (a screening
 * answer's question id), a plain object would find what every object has under them.
 */
const RESERVED_KEYS = ["__proto__", "constructor", "prototype"];
const nastyText = fc.oneof(
  fc.constantFrom("a\u0000b", "\u0000", "\u0007bell", "x\u001b[31m", "\ud800", "a\u007f"),
  fc.string({ unit: "binary", maxLength: 30 }).map((text) => `${text}\u0000`),
);
/**
 * A value as one path segment. Never empty, "." or "..": the URL would then name another path
 * (/api/jobs/ and /api/jobs/. are /api/jobs), which the server rightly redirects to.
 */
const pathSegment = (value: string) => {
  const segment = encodeURIComponent(value);
  return segment === "" || segment === "." || segment === ".." ? "x" : segment;
};

const junkSegment = fc
  .oneof(
    fc.constantFrom(
      "abc",
      "0",
      "-1",
      "1e3",
      "0x10",
      "99999999999999999999",
      "%C0%AE",
      "%",
      "%zz",
      "1%00",
      "..%2F..%2Fetc",
      "%E2%80%AE1",
      // Arabic-Indic digits: digits to Unicode, not to a parser of ids.
      encodeURIComponent("١٢٣"),
      "%20",
    ),
    fc.string({ maxLength: 20 }).map(pathSegment),
  )
  .filter((segment) => {
    // Never an id or a slug that could name something: those are not defects.
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    return !/^[1-9]/.test(decoded) && !/^q\d-\d{4}$/.test(decoded);
  });

/** A value of the wrong kind for most fields (not all: it is only ever added to a defect). */
const wrongValue = fc.oneof(
  fc.constantFrom(null, true, -1, 1.5, 2 ** 53, "", [], {}, [1, 2], { $gt: "" }),
  nastyText,
  fc.string({ minLength: 5000, maxLength: 5000 }),
);

/** Keys no body of ours has: an unknown field in every one of them. */
const UNKNOWN_KEYS = [...PROTOTYPE_KEYS, "is_admin", "user_id", "role"];

/** Breaks a body for certain, in one of several ways. */
const brokenBody = (body: unknown): fc.Arbitrary<{ json: unknown; defect: string }> => {
  const object = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
  const withKey = (key: string, value: unknown) => ({
    ...object,
    ...(JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value ?? null)}}`) as object),
  });
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...UNKNOWN_KEYS), fc.jsonValue({ maxDepth: 1 }))
      .map(([key, value]) => ({ json: withKey(key, value), defect: `unknown key ${key}` })),
    fc
      .constantFrom("body", 42, null, [], ["job"], true)
      .map((json) => ({ json, defect: "not an object" })),
    // A reserved key one level down: inside an object the body has (a record such as
    // `answers`, an envelope such as `user`), or a new one.
    fc
      .tuple(
        fc.constantFrom(
          ...Object.keys(object).filter((key) => {
            const value = (object as Record<string, unknown>)[key];
            return typeof value === "object" && value !== null && !Array.isArray(value);
          }),
          "answers",
        ),
        fc.constantFrom(...RESERVED_KEYS),
        fc.jsonValue({ maxDepth: 1 }),
      )
      .map(([field, key, value]) => {
        const inner = (object as Record<string, unknown>)[field];
        const nested = {
          ...(typeof inner === "object" && inner !== null ? inner : {}),
          ...(JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value ?? null)}}`) as object),
        };
        return { json: { ...object, [field]: nested }, defect: `reserved key ${field}.${key}` };
      }),
    fc.integer({ min: 40, max: 200 }).map((depth) => ({
      json: JSON.parse("[".repeat(depth) + "]".repeat(depth)) as unknown,
      defect: `nested ${depth} deep`,
    })),
    nastyText.map((text) => {
      // Every string in the body gets the character; a body without strings gets one.
      let strings = 0;
      const json = JSON.parse(JSON.stringify(object), (_, value: unknown) => {
        if (typeof value !== "string") return value;
        strings += 1;
        return value + text;
      }) as object;
      return {
        json: strings > 0 ? json : { ...json, note: text },
        defect: "control characters in the text",
      };
    }),
  );
};

/** One field of a body given a value of the wrong kind, on top of a certain defect. */
const withWrongField = (body: unknown) => {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return fc.constant(body);
  const keys = Object.keys(body);
  if (keys.length === 0) return fc.constant(body);
  return fc
    .tuple(fc.constantFrom(...keys), wrongValue)
    .map(([key, value]) => ({ ...body, [key]: value }) as unknown);
};

type Shape = {
  path: string;
  method: string;
  operation: OperationDoc;
  methods: string[];
};

function shapes(): Shape[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method: method.toUpperCase(),
      operation,
      methods: Object.keys(methods).map((name) => name.toUpperCase()),
    })),
  );
}

/** The other person's ids, for paths that name one's own records. */
const foreignIds = (caller: Caller, operationId: string): number[] => {
  const other = caller === "ada" ? owned.grace : owned.ada;
  if (operationId === "unsaveJob") return [other.savedJob];
  if (operationId === "unhideJob") return [other.hiddenJob];
  if (/Application$/.test(operationId)) return [other.application];
  if (/SavedSearch$/.test(operationId)) return [other.savedSearch];
  if (
    // Operations without a body: one with a body may be refused for the body first (422).
    /^(payForListing|getOwnListing|fillListing|withdrawListing|renewListing|getListingStats)$/.test(
      operationId,
    )
  ) {
    return [other.listing];
  }
  return [];
};

const badTokens = () =>
  fc.constantFrom(
    "Bearer not-a-token",
    "Token abc",
    "Bearer ",
    `Bearer ${withClaims(tokens.ada, { exp: 1_700_000_000, iat: 1_699_990_000 })}`,
    `Bearer ${withClaims(tokens.ada, { aud: "someone-else", iss: "https://securetoken.google.com/someone-else" })}`,
    `Bearer ${tokens.ada.split(".").slice(0, 2).join(".")}`,
  );

function attemptFor(shape: Shape): fc.Arbitrary<Attempt> {
  const { operation } = shape;
  const secured = Boolean(operation.security?.length);
  const moderatorOnly = /ReviewQueue|decideListing/.test(operation.operationId);
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((parameter) => parameter.in === "path");
  const queryParams = parameters.filter((parameter) => parameter.in === "query");
  const bodySchema = operation.requestBody?.content["application/json"]?.schema;

  const caller = fc.constantFrom<Caller | "none" | "bad">(
    "ada",
    "grace",
    "moderator",
    "none",
    "bad",
  );
  const pathValues = fc.record(
    Object.fromEntries(
      pathParams.map((parameter) => [parameter.name, plausible(parameter.schema)]),
    ),
  );
  const queryValues = fc.record(
    Object.fromEntries(
      queryParams.map((parameter) => [parameter.name, plausible(parameter.schema)]),
    ),
    { requiredKeys: [] },
  );
  const body = bodySchema ? plausible(bodySchema) : fc.constant(undefined);

  return fc
    .record({
      caller,
      badToken: badTokens(),
      pathValues,
      queryValues,
      body,
      defectKind: fc.constantFrom(
        "query",
        "query-nul",
        "path",
        "foreign",
        "body",
        "malformed",
        "content-type",
        "no-body-expected",
        "method",
        "too-large",
      ),
      extraKey: fc.constantFrom(...PROTOTYPE_KEYS, "utm_source", "x", "debug"),
      wrongField: fc.boolean(),
      extraValue: fc.oneof(fc.string({ maxLength: 10 }), nastyText),
      junk: junkSegment,
      address: fc.ipV4(),
    })
    .chain((draft) =>
      fc
        .tuple(
          draft.body !== undefined ? brokenBody(draft.body) : fc.constant(null),
          draft.wrongField ? withWrongField(draft.body) : fc.constant(draft.body),
        )
        .map(([broken, body]) => ({ ...draft, broken, body })),
    )
    .map((draft): Attempt => {
      const defects: string[] = [];
      let method = shape.method;
      const headers: Record<string, string> = {
        accept: "application/json",
        "x-forwarded-for": draft.address,
      };
      const caller = draft.caller;
      if (caller === "bad") {
        headers.authorization = draft.badToken;
        if (secured) defects.push("bad token");
      } else if (caller !== "none") {
        headers.authorization = `Bearer ${tokens[caller]}`;
      } else if (secured) {
        defects.push("no token");
      }
      if (moderatorOnly && (caller === "ada" || caller === "grace"))
        defects.push("not a moderator");
      if (draft.wrongField && draft.body !== undefined) defects.push("a field of the wrong kind");

      const params = { ...draft.pathValues } as Record<string, unknown>;
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(draft.queryValues)) {
        query.append(name, typeof value === "string" ? value : JSON.stringify(value));
      }
      let rawBody: string | undefined =
        draft.body === undefined ? undefined : JSON.stringify(draft.body);
      let rawPath: string | null = null;

      // The one defect chosen, or the first that applies to this operation.
      const kinds = [draft.defectKind, "query"];
      for (const kind of kinds) {
        if (kind === "path" && pathParams.length > 0) {
          const name = pathParams[0]!.name;
          params[name] = null;
          rawPath = shape.path.replace(`{${name}}`, draft.junk);
          defects.push(`path ${name}=${draft.junk}`);
        } else if (
          kind === "foreign" &&
          caller !== "none" &&
          caller !== "bad" &&
          caller !== "moderator"
        ) {
          const ids = foreignIds(caller, operation.operationId);
          if (ids.length === 0) continue;
          params[pathParams[0]!.name] = ids[0];
          defects.push(`foreign id ${ids[0]}`);
        } else if (kind === "body" && draft.broken) {
          rawBody = JSON.stringify(draft.broken.json);
          defects.push(`body: ${draft.broken.defect}`);
        } else if (kind === "malformed" && bodySchema) {
          rawBody =
            (rawBody ?? "{}").slice(0, Math.max(1, (rawBody ?? "{}").length - 1)) + "\u0000{";
          defects.push("malformed JSON");
        } else if (kind === "content-type" && bodySchema) {
          headers["content-type"] = "application/x-www-form-urlencoded";
          rawBody = "job_id=1&x=2";
          defects.push("form body");
        } else if (
          kind === "no-body-expected" &&
          !bodySchema &&
          // A GET's body means nothing in HTTP: a cached answer is served whatever it holds.
          shape.method !== "GET" &&
          operation.operationId !== "receiveStripeEvent"
        ) {
          rawBody = JSON.stringify({ job_id: 1 });
          defects.push("body where none is taken");
        } else if (kind === "method") {
          const others = ["GET", "POST", "PUT", "PATCH", "DELETE"].filter(
            (other) =>
              !shape.methods.includes(other) &&
              !(other === "GET" && shape.methods.includes("HEAD")),
          );
          if (others.length === 0) continue;
          method = others[draft.extraValue.length % others.length]!;
          defects.push(`method ${method}`);
        } else if (
          kind === "too-large" &&
          (bodySchema || operation.operationId === "receiveStripeEvent")
        ) {
          rawBody = JSON.stringify({ padding: "x".repeat(600 * 1024) });
          defects.push("too large");
        } else if (kind === "query-nul" && queryParams.length > 0) {
          query.set(queryParams[0]!.name, `a\u0000b`);
          defects.push("NUL in the query");
        } else if (kind === "query") {
          query.append(draft.extraKey, draft.extraValue);
          defects.push(`query ${draft.extraKey}`);
        } else {
          continue;
        }
        break;
      }

      if (rawBody !== undefined && !headers["content-type"])
        headers["content-type"] = "application/json";
      const path =
        rawPath ??
        shape.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          pathSegment(String(params[name] ?? "x")),
        );
      const search = query.toString();
      return {
        method,
        path: search ? `${path}?${search}` : path,
        headers,
        body: rawBody,
        defects,
        token: caller === "none" ? "none" : caller === "bad" ? "bad" : "valid",
        operation: operation.operationId,
      };
    });
}

describe("a generated campaign of bad requests against every operation", () => {
  it(`answers ${RUNS} of them 4xx in JSON and changes nothing`, async () => {
    const all = shapes();
    expect(all.length).toBeGreaterThan(20);
    const attempts = fc.oneof(...all.map(attemptFor));

    await fc.assert(
      fc.asyncProperty(attempts, async (attempt) => {
        const answer = await send(attempt);
        counts.total += 1;
        counts.byStatus.set(answer.status, (counts.byStatus.get(answer.status) ?? 0) + 1);
        counts.byCaller.set(attempt.token, (counts.byCaller.get(attempt.token) ?? 0) + 1);

        const context = `${attempt.method} ${attempt.path} (${attempt.defects.join(", ")}) answered ${answer.status}: ${answer.text.slice(0, 300)}`;
        expect(answer.status, context).toBeGreaterThanOrEqual(400);
        expect(answer.status, context).toBeLessThan(500);
        expect(answer.type, context).toMatch(/^application\/json/);
        const body = JSON.parse(answer.text) as {
          error?: unknown;
          code?: unknown;
          errors?: unknown;
        };
        expect(typeof body.error, context).toBe("string");
        expect(typeof body.code, context).toBe("string");
        if (answer.status === 422) expect(typeof body.errors, context).toBe("object");
        // Another person's records are not there at all, whatever state they are in.
        if (attempt.defects.length === 1 && attempt.defects[0]!.startsWith("foreign id")) {
          expect(answer.status, context).toBe(404);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );

    console.log(
      `Campaign: ${counts.total} requests over ${all.length} operations; ` +
        `by status ${JSON.stringify(Object.fromEntries([...counts.byStatus].sort()))}; ` +
        `by token ${JSON.stringify(Object.fromEntries(counts.byCaller))}`,
    );
  }, 600_000);

  it("answers the reproductions of the issue in JSON, 4xx", async () => {
    const json = { "content-type": "application/json" };
    const ada = { ...json, ...bearer(tokens.ada) };
    const cases: [string, string, Record<string, string>, string | undefined, number][] = [
      ["GET", "/api/jobs?constructor=1", {}, undefined, 422],
      ["GET", "/api/talent?toString=1", {}, undefined, 422],
      ["GET", "/api/talent?__proto__=1", {}, undefined, 422],
      ["GET", "/api/jobs?__proto__[x]=1", {}, undefined, 422],
      ["GET", "/api/jobs?hasOwnProperty=1&valueOf=2", {}, undefined, 422],
      ["POST", "/api/saved_jobs", ada, '{"job_id":1,"__proto__":{"x":1}}', 422],
      ["POST", "/api/enquiries", json, '{"job_id":1,"__proto__":{"x":1}}', 422],
      ["PATCH", "/api/preferences", ada, '{"preferences":{},"__proto__":{"x":1}}', 422],
      ["POST", "/api/applied_jobs", ada, '{"job_id":1,"constructor":{"x":1}}', 422],
      ["PATCH", "/api/current_user", ada, '{"user":{"__proto__":{"x":1}}}', 422],
      // Issue 40: reserved keys one level down, where zod's records dropped or passed them.
      [
        "POST",
        "/api/jobs/1/applications",
        ada,
        '{"full_name":"A","answers":{"__proto__":"x"}}',
        422,
      ],
      [
        "POST",
        "/api/jobs/1/applications",
        ada,
        '{"full_name":"A","answers":{"constructor":"x"}}',
        422,
      ],
      [
        "POST",
        "/api/jobs/1/applications",
        ada,
        '{"full_name":"A","answers":{"prototype":"x"}}',
        422,
      ],
      ["PATCH", "/api/current_user", ada, '{"user":{"prototype":1}}', 422],
      ["GET", "/api/jobs?prototype=1", {}, undefined, 422],
      ["PATCH", "/api/current_user", ada, '{"user":{"bio":"a\\u0000b"}}', 422],
      ["PATCH", "/api/current_user", ada, '{"user":{"full_name":"a\\u0000b"}}', 422],
      ["PATCH", "/api/current_user", ada, '{"user":{"skills":["a\\u0000"]}}', 422],
      ["GET", "/api/nope", {}, undefined, 404],
      ["DELETE", "/api/nope/deeper", {}, undefined, 404],
      ["GET", "/api/jobs/%C0%AE", {}, undefined, 400],
    ];
    for (const [method, path, headers, body, status] of cases) {
      const answer = await send({
        method,
        path,
        headers: { ...headers, "x-forwarded-for": "192.0.2.1" },
        body,
        defects: [],
        token: headers.authorization ? "valid" : "none",
        operation: path,
      });
      const context = `${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`;
      expect(answer.status, context).toBe(status);
      expect(answer.type, context).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text), context).toHaveProperty("error");
    }
  });

  it("has left every table as it was", async () => {
    await server.stop();
    const handle = database.reopen();
    try {
      expect(await snapshotTables(handle.db)).toEqual(before);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
