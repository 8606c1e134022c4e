// @vitest-environment node
import { readFileSync } from "node:fs";
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from "node:http";
import { connect, type AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, type DatabaseHandle } from "@/lib/server/db/client";
import { companyInvitations, companyMembers, jobs, users } from "@/lib/server/db/schema";
import { SAMPLE_BOARD_DEFAULTS } from "@/lib/server/sample-board/generate";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { startServer, waitUntilUp, type RunningServer } from "@/tests/server/harness";
import { validEnquiry } from "@/tests/fixtures/enquiry";

/*
 * Two production instances on one PostgreSQL, as a deployment runs them behind a load balancer:
 * A one process, B a primary with two workers. Started together on an empty database, they
 * apply each migration once and seed once; a listing approved through A is on B's (cached)
 * department page at once; an operation's rate limit spent half on A and half on B is spent;
 * a worker of B that dies is replaced; SIGTERM during a slow request lets it finish, refuses new
 * connections, and the server exits 0. PostgreSQL only (TEST_DATABASE_URL).
 */

const postgres = process.env.TEST_DATABASE_URL;
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR_EMAIL = `moderator-${run}@creatorjobs.example`;
const DEPARTMENT = "design";
const JOURNAL = JSON.parse(readFileSync("lib/server/db/migrations/meta/_journal.json", "utf8")) as {
  entries: unknown[];
};

type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

/** Reads a whole answer and hands it to `resolve`. */
function readAnswer(res: IncomingMessage, resolve: (answer: Answer) => void): void {
  let text = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => (text += chunk));
  res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
}

/** One request on a connection of its own (B's workers take connections in turn). */
function send(
  server: RunningServer,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: options.method ?? "GET",
        path,
        agent: false,
        headers: {
          ...(body !== undefined && { "content-type": "application/json" }),
          ...options.headers,
        },
      },
      (res) => readAnswer(res, resolve),
    );
    req.on("error", reject);
    req.end(body);
  });
}

const enquiry = validEnquiry();

/** Errors in a server's JSON log lines. */
const errorLines = (output: string) =>
  output.split("\n").filter((line) => /"level":"(error|fatal)"/.test(line));

describe.skipIf(!postgres)("two production instances on one PostgreSQL", () => {
  let a: RunningServer;
  let b: RunningServer;
  let handle: DatabaseHandle;
  let admin: DatabaseHandle;
  let databaseName: string;
  const hooked: unknown[] = [];
  let hook: Server;

  beforeAll(async () => {
    databaseName = `instances_${process.pid}_${run}`;
    admin = connectPostgres(postgres!);
    await admin.db.execute(`create database ${databaseName}`);
    const url = new URL(postgres!);
    url.pathname = `/${databaseName}`;

    // A CDN's purge API, as the webhook reaches it.
    hook = createServer((req, res) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => {
        hooked.push(JSON.parse(text));
        res.end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/purge`;

    // Started together on an empty database, both asked to seed it.
    const common = { SEED_SAMPLE_DATA: "true", ADMIN_EMAILS: MODERATOR_EMAIL };
    [a, b] = await Promise.all([
      startServer({
        database: { url: url.toString() },
        env: { ...common, PURGE_WEBHOOK_URL: hookUrl },
        wait: false,
      }),
      startServer({
        database: { url: url.toString() },
        env: { ...common, WEB_CONCURRENCY: "2" },
        wait: false,
      }),
    ]);
    await Promise.all([waitUntilUp(a), waitUntilUp(b)]);
    await b.waitForOutput(/"msg":"Worker listening"/, 2);
    handle = connectPostgres(url.toString());
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await new Promise((resolve) => hook?.close(resolve));
    await handle?.close();
    await admin?.db.execute(`drop database if exists ${databaseName} with (force)`);
    await admin?.close();
  });

  it("both come up on an empty database, applying each migration once and seeding once", async () => {
    const applied = (await handle.db.execute(
      sql`select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number; hashes: number }[] };
    expect(applied.rows[0]).toEqual({ n: JOURNAL.entries.length, hashes: JOURNAL.entries.length });

    const seeded = (a.output() + b.output()).match(/"msg":"Seeded the sample board"/g) ?? [];
    expect(seeded).toHaveLength(1);
    const [jobCount] = await handle.db.select({ n: count() }).from(jobs);
    // One sample board, not two.
    expect(jobCount!.n).toBe(SAMPLE_BOARD_DEFAULTS.jobs);
    // The seed gathered statistics, refilled the vocabularies and rolled up its history: the
    // serving processes' first ticks did none of it again (the next run is a whole interval on).
    const notDue = (await handle.db.execute(
      sql`select name from scheduled_tasks where next_run_at > now() + interval '50 minutes'
        and name in ('analyze', 'search-terms', 'salary-figures', 'funnel-daily') order by name`,
    )) as unknown as { rows: { name: string }[] };
    expect(notDue.rows.map(({ name }) => name)).toEqual([
      "analyze",
      "funnel-daily",
      "salary-figures",
      "search-terms",
    ]);

    expect(errorLines(a.output())).toEqual([]);
    expect(errorLines(b.output())).toEqual([]);
    for (const server of [a, b]) {
      expect(JSON.parse((await send(server, "/api/ready")).text)).toMatchObject({ status: "ok" });
    }
  });

  it("shows a listing approved through A on B's cached department page at once", async () => {
    const title = `Purge Test Editor ${run}`;
    const company = await insertCompany(handle.db, `purge-${run}`, "Purge Test Studio");
    const pending = await insertJob(handle.db, {
      title,
      companyId: company.id,
      department: DEPARTMENT,
      status: "pending",
    });

    // Cached on B, by each of its workers (connections go to them in turn).
    const page = `/departments/${DEPARTMENT}`;
    const before = await Promise.all(Array.from({ length: 6 }, () => send(b, page)));
    const again = await Promise.all(Array.from({ length: 4 }, () => send(b, page)));
    for (const answer of [...before, ...again]) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(title);
    }
    expect(again.map((answer) => answer.headers["x-page-cache"])).toContain("HIT");

    const token = await googleIdToken({
      sub: `moderator-${run}`,
      email: MODERATOR_EMAIL,
      name: "Mo",
    });
    const approved = await send(a, `/api/moderation/review/${pending.id}`, {
      method: "POST",
      headers: bearer(token),
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
    expect(JSON.parse(approved.text)).toMatchObject({ id: pending.id, status: "open" });

    // The purge reaches B's workers over LISTEN, which runs beside the requests: allow it the
    // moment it takes to arrive (never more than a second).
    const started = Date.now();
    let after: Answer[] = [];
    do {
      after = await Promise.all(Array.from({ length: 4 }, () => send(b, page)));
    } while (after.some((answer) => !answer.text.includes(title)) && Date.now() - started < 1000);
    for (const answer of after) expect(answer.text).toContain(title);

    // A told the CDN too.
    for (let waited = 0; hooked.length === 0 && waited < 5000; waited += 50) await sleep(50);
    expect(hooked).toContainEqual({
      urls: expect.arrayContaining([expect.stringMatching(new RegExp(`/jobs/${pending.id}$`))]),
      prefixes: expect.arrayContaining([expect.stringMatching(/\/departments\/$/)]),
    });
  });

  it("refuses an operation's limit spent half on A and half on B", async () => {
    const headers = { "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 200) + 1}` };
    const post = (server: RunningServer) =>
      send(server, "/api/enquiries", { method: "POST", headers, body: enquiry });
    // Six an hour from one address: three through each instance (B's spread over its workers).
    for (const server of [a, a, a, b, b, b]) expect((await post(server)).status).toBe(201);
    for (const server of [a, b]) {
      const refused = await post(server);
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      expect(JSON.parse(refused.text)).toMatchObject({ code: "rate_limited" });
    }
  });

  it("replaces a worker of B that dies", async () => {
    const pids = [...b.output().matchAll(/"pid":(\d+),[^\n]*"msg":"Worker listening"/g)].map(
      (match) => Number(match[1]),
    );
    expect(pids).toHaveLength(2);
    process.kill(pids[0]!, "SIGKILL");
    await b.waitForOutput(/"msg":"A worker died; starting another"/);
    await b.waitForOutput(/"msg":"Worker listening"/, 3);
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(b, "/api/health")));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });

  it("refuses an admin's invitation sent while their demotion commits: the role and the act agree", async () => {
    const token = (who: string) =>
      googleIdToken({ sub: `${who}-${run}`, email: `${who}-${run}@race.example`, name: who });
    const [ownerToken, adminToken] = await Promise.all([token("owner"), token("admin")]);
    // Their accounts, made by their first request.
    for (const each of [ownerToken, adminToken]) {
      expect((await send(a, "/api/current_user", { headers: bearer(each) })).status).toBe(200);
    }
    const company = await insertCompany(handle.db, `race-${run}`, "Race Studio");
    const people = await handle.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        sql`${users.email} in (${`owner-${run}@race.example`}, ${`admin-${run}@race.example`})`,
      );
    const idOf = (who: string) =>
      people.find((one) => one.email === `${who}-${run}@race.example`)!.id;
    const [, adminMember] = await handle.db
      .insert(companyMembers)
      .values([
        { companyId: company.id, userId: idOf("owner"), role: "owner" },
        { companyId: company.id, userId: idOf("admin"), role: "admin" },
      ])
      .returning({ id: companyMembers.id });

    // The owner's demotion of the admin, under way: its row is changed, not yet committed.
    const demotion = await handle.postgres!.pool.connect();
    try {
      await demotion.query("begin");
      await demotion.query("update company_members set role = 'viewer' where id = $1", [
        adminMember!.id,
      ]);
      // Meanwhile the admin invites someone, through one of B's two workers.
      let answered = false;
      const invited = send(b, "/api/company/invitations", {
        method: "POST",
        headers: bearer(adminToken),
        body: { invitation: { email: `guest-${run}@race.example`, role: "recruiter" } },
      }).finally(() => (answered = true));
      // It waits for the membership's row (or has answered already, acting on the old role).
      const waiting = async () => {
        const result = await handle.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
      };
      const started = Date.now();
      while (!answered && !(await waiting()) && Date.now() - started < 20_000) await sleep(20);
      await demotion.query("commit");
      const answer = await invited;
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.text)).toMatchObject({ code: "forbidden" });
    } finally {
      demotion.release();
    }
    const [made] = await handle.db
      .select({ n: count() })
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, company.id));
    expect(made!.n).toBe(0);
  });

  it("finishes a request in flight on SIGTERM, refuses new connections, and exits 0", async () => {
    const stopping = () => b.waitForOutput(/"msg":"Stopping: finishing the requests in flight"/, 2);
    /** Resolves once a new connection to B is refused (its workers stopped listening). */
    const refusal = async () => {
      await stopping();
      for (let waited = 0; waited < 5000; waited += 100) {
        const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
          const socket = connect(b.port, "127.0.0.1");
          socket.once("connect", () => {
            socket.destroy();
            resolve(undefined);
          });
          socket.once("error", resolve);
        });
        if (error) return error.code;
        await sleep(100);
      }
      return "still accepted";
    };

    const body = Buffer.from(JSON.stringify(enquiry));
    let refused: string | undefined;
    const finished = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: b.port,
          method: "POST",
          path: "/api/enquiries",
          agent: false,
          headers: {
            "content-type": "application/json",
            "content-length": String(body.length),
            "x-forwarded-for": "198.51.100.23",
          },
        },
        (res) => readAnswer(res, resolve),
      );
      req.on("error", reject);
      // Half the body now; the rest once the server has been told to stop and refuses others.
      req.write(body.subarray(0, 40));
      void sleep(500)
        .then(async () => {
          b.process.kill("SIGTERM");
          refused = await refusal();
          req.end(body.subarray(40));
        })
        .catch(reject);
    });

    expect(refused).toBe("ECONNREFUSED");
    expect(finished.status).toBe(201);
    expect(JSON.parse(finished.text)).toMatchObject({ received: true, id: expect.any(Number) });
    expect(await b.exited()).toBe(0);
    expect(b.output()).toContain('"msg":"Every worker has stopped"');
    // The one error logged is the worker killed above.
    expect(errorLines(b.output())).toEqual([
      expect.stringContaining('"msg":"A worker died; starting another"'),
    ]);
  });

  it("stops A with exit code 0", async () => {
    expect(await a.stop()).toBe(0);
    expect(errorLines(a.output())).toEqual([]);
  });
});
