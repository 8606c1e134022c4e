import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { useContext, useState, type ReactNode } from "react";
import { sharedQueryClient } from "@/lib/query-client";

function SharedQueryClientProvider({ children }: { children: ReactNode }) {
  const [client] = useState(sharedQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * Gives what is under it react-query's client: the one above when there is one, else the
 * browser's shared client. Pages that query nothing on load do without react-query (see
 * PageQueries); the parts of them that query once someone is signed in bring it with this.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  return <SharedQueryClientProvider>{children}</SharedQueryClientProvider>;
}
