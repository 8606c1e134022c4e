import * as Sentry from "@sentry/nextjs";
import type { NextApiHandler, NextApiRequest, NextApiResponse } from "next";
import { JSON_BODY_LIMIT, readJsonBody } from "./body";
import { HttpError, ValidationError } from "./errors";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type MethodHandler = (req: NextApiRequest, res: NextApiResponse) => Promise<unknown>;

export const GENERIC_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

function sendError(res: NextApiResponse, error: unknown): void {
  // A cache header set before the failure must not make the error shareable.
  res.setHeader("Cache-Control", "private, no-store");
  if (error instanceof ValidationError) {
    res.status(422).json({ errors: error.errors });
  } else if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
    res.status(error.status).json({ error: error.message });
  } else {
    // Details stay in the server log and Sentry; the client learns only that it failed.
    console.error(error);
    Sentry.captureException(error);
    res.status(500).json({ error: GENERIC_ERROR_MESSAGE });
  }
}

type HandlerOptions = {
  /** Answers about one signed-in person: never stored by browsers or shared caches. */
  personal?: boolean;
  /**
   * The largest JSON body read (bytes), or "raw" to leave the body unread for the handler (a
   * webhook checks the signature of the exact bytes).
   */
  body?: number | "raw";
};

/**
 * Every API route exports this as `config` (written out in each file, which is where Next.js
 * looks for it): its body parser answers bad or large bodies in plain text; apiHandler reads
 * them itself and answers in JSON.
 */
export type ApiRouteConfig = { api: { bodyParser: false } };

/**
 * An API route from a method map: each method's handler returns the JSON to send (status 200
 * unless it set another) or throws an HttpError; other methods get 405 with an Allow header.
 */
export function apiHandler(
  methods: Partial<Record<Method, MethodHandler>>,
  options: HandlerOptions = {},
): NextApiHandler {
  const allowed = Object.keys(methods);
  if (methods.GET) allowed.push("HEAD");
  return async (req, res) => {
    if (options.personal) res.setHeader("Cache-Control", "private, no-store");
    const method = req.method === "HEAD" ? "GET" : (req.method as Method);
    const handle = methods[method];
    if (!handle) {
      res.setHeader("Allow", allowed.join(", "));
      res.status(405).json({ error: `${req.method} is not allowed here` });
      return;
    }
    try {
      if (method !== "GET" && options.body !== "raw") {
        req.body = await readJsonBody(req, options.body ?? JSON_BODY_LIMIT);
      }
      const data = await handle(req, res);
      if (!res.headersSent) res.status(res.statusCode || 200).json(data);
    } catch (error) {
      if (res.headersSent) throw error;
      sendError(res, error);
    }
  };
}
