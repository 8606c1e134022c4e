import { registerHooks } from "node:module";

/**
 * Next.js's pages router renders with React's edge build of react-dom/server
 * (next/dist/server/ReactDOMServerPages.js: "TODO: Use Node.js build unless we're in an Edge
 * runtime"). The edge build turns every string of markup into bytes on its own
 * (`TextEncoder.encode`, a new array each: about 1,700 a results page), then copies them into its
 * 4 kB chunks; the Node.js build encodes straight into the chunk (`encodeInto`), and since React
 * 19 it has the same `renderToReadableStream`. Issue 67 measured the edge build's encoding and the
 * garbage it leaves at a fifth of a unique search's CPU on the thread that renders.
 *
 * This sends Next.js's require of the edge build to the Node.js build, through Node's own module
 * hooks (`module.registerHooks`), for the server process only (not `next dev`, not the edge
 * runtime, which this app does not use). Nothing else changes: same React, same version, same
 * API; the `renderToReadableStream` both builds export. Call it before the first page renders.
 */
export function renderWithNodeBuild(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      return nextResolve(
        specifier === "react-dom/server.edge" ? "react-dom/server.node" : specifier,
        context,
      );
    },
  });
}
