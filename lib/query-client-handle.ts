import type { QueryClient } from "@tanstack/react-query";

/*
 * The browser's query client, reachable without loading react-query: the auth provider empties
 * its cache when the person changes, on pages that never loaded it too (then there is nothing).
 */

let browserClient: QueryClient | undefined;

export function rememberBrowserQueryClient(client: QueryClient): void {
  browserClient = client;
}

export function browserQueryClient(): QueryClient | undefined {
  return browserClient;
}

/** Forgets everything cached for the last person, if anything was ever queried here. */
export function clearBrowserQueryCache(): void {
  browserClient?.clear();
}
