/*
 * Addresses of API operations, for links and fetches that are not JSON calls (a CSV to
 * download, a beacon, an image): filled in from the generated routes, never typed by hand
 * (issue 62). callOperation (lib/api/call.ts) makes JSON calls; operationPath
 * (lib/api/operation-path.ts) finds an address by the operation's name.
 */

/** One operation's method and path, as lib/api/client-routes.generated.ts exports it. */
export type ClientRoute = { readonly method: string; readonly path: string };

/** The names of a path's parameters: "/api/og/{kind}/{slug}" has "kind" and "slug". */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/** What fills a path's parameters; each value is encoded as a segment. */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string | number };

export type Query = Record<string, unknown>;

export type ParamsAndQuery<P extends string> = [PathParamNames<P>] extends [never]
  ? [params?: undefined, query?: Query]
  : [params: PathParams<P>, query?: Query];

/** A path with its `{param}` placeholders filled, each value as an encoded segment. */
export function fillPath(path: string, params: Record<string, string | number> | undefined) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** "?a=1&b=2" from a query's defined values (arrays repeat their key), or "" for none. */
export function queryString(query: Query | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * A route's address: routePath(getLogo, { name }) with `import { getLogo } from
 * "@/lib/api/client-routes.generated"`. Public pages use it, bundling only the routes they use.
 */
export function routePath<R extends ClientRoute>(
  route: R,
  ...[params, query]: ParamsAndQuery<R["path"]>
): string {
  return fillPath(route.path, params) + queryString(query);
}

/** What a route's path is before its first parameter: "/api/logos/" for "/api/logos/{name}". */
export function pathPrefix(route: ClientRoute): string {
  const brace = route.path.indexOf("{");
  return brace === -1 ? route.path : route.path.slice(0, brace);
}
