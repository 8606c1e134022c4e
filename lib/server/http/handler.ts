import * as Sentry from "@sentry/nextjs";
import type { NextApiHandler, NextApiRequest, NextApiResponse } from "next";
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
};

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
      const data = await handle(req, res);
      if (!res.headersSent) res.status(res.statusCode || 200).json(data);
    } catch (error) {
      if (res.headersSent) throw error;
      sendError(res, error);
    }
  };
}
