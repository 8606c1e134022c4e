import type { NextApiHandler, NextApiRequest, NextApiResponse } from "next";
import { z } from "zod";
import type {
  AnswerBody,
  InputBodyOf,
  Method,
  Operation,
  ParamsOf,
  QueryOf,
} from "@/lib/api/operation";
import {
  BODY_NAMING,
  envelopeNaming,
  QUERY_NAMING,
  type ErrorNaming,
} from "@/lib/validation/field-errors";
import { parseInput } from "@/lib/validation/input";
import { authenticateModerator, authenticateUser, type Moderator } from "../auth/caller";
import { guardEmployer, guardedDatabase, type Member } from "../auth/employer";
import { getDatabase } from "../db";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { AppError, InvalidInput, notFound } from "../errors";
import { JSON_BODY_LIMIT, parseJsonBody, readRawBody } from "./body";
import { clientAddress } from "./client-address";
import { errorResponse } from "./error-response";
import { purgesSent } from "./page-cache";
import { API_REQUEST_LIMIT, consume, type RateLimit } from "./rate-limit";
import { REQUEST_ID_HEADER } from "./request-id";
import { queryOf, sentUrl } from "./request-url";

/*
 * One request pipeline for every API route. A route binds each of its operations (lib/api) to
 * a handler; for each request the pipeline, in this order:
 *
 * 1. counts it against the address's raw request cap (429);
 * 2. finds the operation for the method (405 with Allow);
 * 3. identifies the caller the operation needs (401, 403); for a moderator operation, the board
 *    guard (auth/caller.ts): the caller's role on the board's team, read afresh, and whether it
 *    reaches the operation's area (403);
 * 4. reads the body (413, 415, 400);
 * 5. reads the path parameters (404 when they name nothing);
 * 6. for an employer operation, the employer guard (auth/employer.ts): the caller's company and
 *    role, read afresh, and the listing the path names in that company (404, 403); a change
 *    (any method but GET) gets a database whose every transaction confirms that membership
 *    again, its row locked, so the check and the change see the same role (guardedDatabase);
 * 7. reads the query (as the client sent it: request-url.ts) and the body through the input
 *    policy and their schemas (422 with field errors);
 * 8. counts it against the operation's own rate limit, per user or per address (429): only
 *    requests that got this far spend that allowance;
 * 9. runs the handler with the typed input, and sends its answer (checked against the
 *    operation's answer schema outside production) or the error (error-response.ts).
 */

type Caller<O extends Operation> = O["access"] extends "user"
  ? { user: User }
  : O["access"] extends "moderator"
    ? { moderator: Moderator }
    : O["access"] extends "employer"
      ? {
          user: User;
          /** The caller's company and role; null only where the rule takes callers without one. */
          member: O["employer"] extends { withoutCompany: true } ? Member | null : Member;
        }
      : unknown;

export type Context<O extends Operation> = {
  req: NextApiRequest;
  res: NextApiResponse;
  db: Database;
  /** The client's address (see client-address.ts). */
  address: string;
  params: ParamsOf<O>;
  query: QueryOf<O>;
  body: InputBodyOf<O>;
  /** The exact bytes of the body, for operations that read it raw. */
  rawBody: Buffer;
} & Caller<O>;

type JsonAnswer<O extends Operation> = {
  [S in keyof O["answers"]]: O["answers"][S] extends z.ZodType ? z.input<O["answers"][S]> : never;
}[keyof O["answers"]];

/** An answer with a status other than the operation's first. */
export class Reply<T> {
  constructor(
    readonly status: 200 | 201,
    readonly body: T,
  ) {}
}

/** A file to send as it is (the operation answers { file: contentType }). */
export class FileReply {
  constructor(
    readonly body: Buffer,
    readonly headers: Record<string, string>,
  ) {}
}

/** 303 See Other to a page: what a browser's form post is answered with, so it shows a page. */
export class SeeOther {
  constructor(readonly location: string) {}
}

/** 201 for something the request created, 200 when it was there already. */
export const createdOrFound = <T>(created: boolean, body: T) =>
  new Reply(created ? 201 : 200, body);

type HandlerResult<O extends Operation> =
  JsonAnswer<O> | Reply<JsonAnswer<O>> | FileReply | SeeOther;

type BindOptions = {
  /**
   * Cache-Control of the success answer (or what gives it at the answer's moment); without it
   * answers are private, no-store.
   */
  cache?: string | (() => string);
  /** The operation's own limit, counted per signed-in user or else per address. */
  limit?: RateLimit;
  /** The largest body read, in bytes. */
  bodyLimit?: number;
  /** The handler needs no database: it still answers while the database is down. */
  database?: false;
  /**
   * Any site's scripts may read its answers, errors included (Access-Control-Allow-Origin: *,
   * never with credentials): a public read meant for other sites' pages (issue 66's embed).
   */
  crossOrigin?: true;
};

type Bound = {
  operation: Operation;
  handle: (context: Context<Operation>) => Promise<unknown>;
  options: BindOptions;
};

/** Binds an operation to its handler. */
export function handle<const O extends Operation>(
  operation: O,
  handler: (context: Context<O>) => Promise<HandlerResult<O>>,
  options: BindOptions = {},
): Bound {
  return { operation, handle: handler as Bound["handle"], options };
}

const pathParamNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

function readParams(operation: Operation, query: NextApiRequest["query"]): unknown {
  if (!operation.params) return {};
  const values = Object.fromEntries(
    pathParamNames(operation.path).map((name) => [name, query[name]]),
  );
  const parsed = parseInput(operation.params, values, QUERY_NAMING);
  if (parsed.ok) return parsed.data;
  // A path that does not parse names nothing: say so in the words of its schema.
  const [message] = Object.values(parsed.errors).flat();
  throw notFound(message ?? "Not found");
}

/** `value` read by `schema`, or a 422 with its field errors. */
function validInput(schema: z.ZodType, value: unknown, naming: ErrorNaming): unknown {
  const parsed = parseInput(schema, value, naming);
  if (!parsed.ok) throw new InvalidInput(parsed.errors);
  return parsed.data;
}

const readQuery = (operation: Operation, req: NextApiRequest) =>
  validInput(operation.query ?? z.strictObject({}), queryOf(sentUrl(req)), QUERY_NAMING);

function readBody(operation: Operation, json: unknown): unknown {
  if (!operation.body) {
    if (json === undefined) return undefined;
    throw new InvalidInput({ [BODY_NAMING.root]: ["This request takes no body"] });
  }
  const naming = operation.envelope ? envelopeNaming(operation.envelope) : BODY_NAMING;
  return validInput(operation.body, json, naming);
}

async function identify(operation: Operation, req: NextApiRequest, db: () => Promise<Database>) {
  if (operation.access === "user" || operation.access === "employer")
    return { user: await authenticateUser(req.headers, await db()) };
  if (operation.access === "moderator")
    return { moderator: await authenticateModerator(req.headers, await db(), operation.board!) };
  return {};
}

const firstStatus = (operation: Operation): 200 | 201 => (operation.answers[200] ? 200 : 201);

/** Outside production, an answer that does not match its schema is a failure of ours. */
function checkAnswer(operation: Operation, status: 200 | 201, body: unknown): void {
  if (process.env.NODE_ENV === "production") return;
  const schema: AnswerBody | undefined = operation.answers[status];
  if (!schema || !(schema instanceof z.ZodType)) {
    throw new Error(`${operation.method} ${operation.path} does not answer ${status} with JSON`);
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${operation.method} ${operation.path} answered ${status} against its schema:\n${z.prettifyError(result.error)}`,
    );
  }
}

function send(res: NextApiResponse, bound: Bound, result: unknown): void {
  const cache = bound.options.cache;
  res.setHeader(
    "Cache-Control",
    (typeof cache === "function" ? cache() : cache) ?? "private, no-store",
  );
  if (result instanceof SeeOther) {
    res.setHeader("Location", result.location);
    res.status(303).end();
    return;
  }
  if (result instanceof FileReply) {
    for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
    res.status(200).send(result.body);
    return;
  }
  const reply = result instanceof Reply ? result : new Reply(firstStatus(bound.operation), result);
  checkAnswer(bound.operation, reply.status, reply.body);
  res.status(reply.status).json(reply.body);
}

export function sendError(
  res: NextApiResponse,
  error: unknown,
  headers: Record<string, string> = {},
  requestId?: string,
) {
  const { status, body, headers: own } = errorResponse(error, requestId);
  for (const [name, value] of Object.entries({ ...own, ...headers })) res.setHeader(name, value);
  res.status(status).json(body);
}

export type ApiRoute = NextApiHandler & { operations: readonly Operation[] };

/** An API route from its operations' handlers; other methods answer 405 with Allow. */
export function apiRoute(...bound: Bound[]): ApiRoute {
  const byMethod = new Map<string, Bound>(bound.map((entry) => [entry.operation.method, entry]));
  const allowed = [...byMethod.keys()];
  if (byMethod.has("GET")) allowed.push("HEAD");

  const route = async (req: NextApiRequest, res: NextApiResponse) => {
    const address = clientAddress(req);
    try {
      const method = (req.method === "HEAD" ? "GET" : req.method) as Method;
      const entry = byMethod.get(method);
      if (entry?.options.crossOrigin) res.setHeader("Access-Control-Allow-Origin", "*");
      // An operation that needs no database counts in this process: it answers without one.
      await consume(API_REQUEST_LIMIT, address, { local: entry?.options.database === false });
      if (!entry) {
        res.setHeader("Allow", allowed.join(", "));
        throw new AppError("method_not_allowed", `${req.method} is not allowed here`);
      }
      const { operation, options } = entry;
      let database: Promise<Database> | undefined;
      const db = () => (database ??= getDatabase());
      const caller = await identify(operation, req, db);
      const raw = await readRawBody(req, options.bodyLimit ?? JSON_BODY_LIMIT);
      const params = readParams(operation, req.query);
      const member =
        operation.access === "employer"
          ? await guardEmployer(
              await db(),
              caller.user!,
              operation.employer!,
              params as Record<string, unknown>,
            )
          : undefined;
      // What an employer changes, it changes as the member it still is (auth/employer.ts).
      const handlerDatabase = async () =>
        member && operation.method !== "GET"
          ? guardedDatabase(await db(), member, operation.employer!)
          : db();
      const query = readQuery(operation, req);
      const body = operation.rawBody
        ? undefined
        : readBody(operation, parseJsonBody(raw, req.headers["content-type"]));
      if (options.limit) {
        const key = caller.user ? `user:${caller.user.id}` : `address:${address}`;
        await consume(options.limit, key);
      }
      const context = {
        req,
        res,
        address,
        params,
        query,
        body,
        rawBody: raw,
        ...caller,
        ...(member === undefined ? {} : { member }),
        ...(options.database === false ? {} : { db: await handlerDatabase() }),
      } as Context<Operation>;
      const result = await entry.handle(context);
      // Pages the handler purged are gone from every instance before the client hears back.
      await purgesSent();
      send(res, entry, result);
    } catch (error) {
      if (res.headersSent) throw error;
      const requestId = req.headers[REQUEST_ID_HEADER];
      sendError(res, error, {}, typeof requestId === "string" ? requestId : undefined);
    }
  };
  return Object.assign(route, { operations: bound.map((entry) => entry.operation) });
}
