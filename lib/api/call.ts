import type { AxiosRequestConfig } from "axios";
import type { z } from "zod";
import { API_BASE_URL, apiClient, preloadApiClient } from "@/lib/api-client";
import { fillPath } from "./paths";
import type { BodyOf } from "./operation";
import type { ApiAnswer, OperationId, Operations } from "@/lib/api-registry/operations";

/*
 * The browser calls API operations by name (issue 62: typed client paths): their methods and
 * paths come from lib/api/client-routes.generated.ts, generated from the registry the server
 * binds its routes by, and their types from the operations themselves, as types only (no zod
 * reaches the browser through here). No other browser code writes an /api/ path.
 */

type Route = { method: string; path: string };

type ParamsFor<O> = O extends { params: infer P extends z.ZodType }
  ? { [K in keyof z.output<P>]: string | number }
  : never;

type QueryFor<O> = O extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;

/** The path parameters an operation takes, by the names its path gives them. */
export type OperationParams<N extends OperationId> = ParamsFor<Operations[N]>;

/** Its query string, as the browser gives it (before the server's coercion and defaults). */
export type OperationQuery<N extends OperationId> = QueryFor<Operations[N]>;

/** What it answers: its JSON, or a Blob for a file (asked for with responseType "blob"). */
export type OperationAnswer<N extends OperationId> = [ApiAnswer<N>] extends [never]
  ? Blob
  : ApiAnswer<N>;

type ParamsPart<N extends OperationId> = [OperationParams<N>] extends [never]
  ? { params?: undefined }
  : { params: OperationParams<N> };

type QueryPart<N extends OperationId> = [OperationQuery<N>] extends [never]
  ? { query?: undefined }
  : { query?: OperationQuery<N> };

/**
 * What a call sends: its path parameters, its query, its body (JSON by the operation's body
 * schema; a File or Blob for an upload, whose body the server reads as bytes), and any axios
 * settings (headers, responseType, signal).
 */
export type CallInput<N extends OperationId> = ParamsPart<N> &
  QueryPart<N> & {
    body?: [BodyOf<Operations[N]>] extends [never] ? Blob : BodyOf<Operations[N]>;
    config?: AxiosRequestConfig;
  };

type InputArgs<N extends OperationId> =
  ParamsPart<N> extends { params: object } ? [input: CallInput<N>] : [input?: CallInput<N>];

let routesPromise: Promise<typeof import("./client-routes.generated").clientRoutes> | undefined;

/**
 * The list of routes, loaded on the first call, as axios is (lib/api-client.ts): a page's first
 * load carries neither.
 */
function loadRoutes() {
  routesPromise ??= import("./client-routes.generated").then((module) => module.clientRoutes);
  return routesPromise;
}

/** Calls an operation by name: resolves with its answer, rejects as apiClient does. */
export async function callOperation<N extends OperationId>(
  name: N,
  ...[input]: InputArgs<N>
): Promise<OperationAnswer<N>> {
  preloadApiClient();
  const route: Route = (await loadRoutes())[name];
  const path = fillPath(route.path, input?.params as Record<string, string | number> | undefined);
  const url = path.startsWith(`${API_BASE_URL}/`) ? path.slice(API_BASE_URL.length) : path;
  const config: AxiosRequestConfig = { ...input?.config };
  if (input?.query !== undefined) config.params = input.query;
  const settings = Object.keys(config).length > 0 ? config : undefined;
  // Through apiClient's own methods, with the arguments a call by hand would give them.
  const method = route.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
  const args: unknown[] =
    method === "get" || method === "delete" ? [url, settings] : [url, input?.body, settings];
  while (args.length > 1 && args[args.length - 1] === undefined) args.pop();
  const send = apiClient[method] as (...sent: unknown[]) => Promise<OperationAnswer<N>>;
  return await send(...args);
}

export { pathPrefix, routePath } from "./paths";
