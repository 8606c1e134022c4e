import { clientRoutes } from "./client-routes.generated";
import type { OperationId } from "@/lib/api-registry/operations";
import { fillPath, queryString, type ClientRoute, type ParamsAndQuery } from "./paths";

/**
 * An operation's address by its name: operationPath("getSalariesCsv", undefined, { country:
 * "fr" }) is "/api/salaries.csv?country=fr". It bundles the list of every route; a public page
 * counting its kilobytes uses routePath.
 */
export function operationPath<N extends OperationId>(
  name: N,
  ...[params, query]: ParamsAndQuery<(typeof clientRoutes)[N]["path"]>
): string {
  const route: ClientRoute = clientRoutes[name];
  return (
    fillPath(route.path, params as Record<string, string | number> | undefined) + queryString(query)
  );
}
