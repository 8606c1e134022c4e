import type { NextApiHandler, NextApiRequest, NextApiResponse } from "next";
import { createMocks, type RequestMethod } from "node-mocks-http";

/** Runs an API route's handler on a request and returns its status, headers and JSON body. */
export async function callApi(
  handler: NextApiHandler,
  options: {
    method?: RequestMethod;
    query?: Record<string, string | string[]>;
    headers?: Record<string, string>;
    body?: unknown;
  } = {},
) {
  const { req, res } = createMocks<NextApiRequest, NextApiResponse>({
    method: options.method ?? "GET",
    query: options.query ?? {},
    headers: options.headers ?? {},
    body: options.body as never,
  });
  await handler(req, res);
  const text = res._getData() as string;
  return {
    status: res._getStatusCode(),
    headers: res._getHeaders(),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}
