import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * The server renders pages with React's Node.js build of react-dom/server, not the edge build
 * Next.js's pages router asks for (lib/server/start/react-node-renderer.ts, issue 67). Run in a
 * process of its own: the hook it registers is for the whole process.
 */

const PROBE = `
import { createRequire } from "node:module";
import { renderWithNodeBuild } from ${JSON.stringify(resolve("lib/server/start/react-node-renderer.ts"))};
const require = createRequire(${JSON.stringify(resolve("package.json"))});
const { createElement } = require("react");
const edge = require("react-dom/server.edge");
renderWithNodeBuild();
const pages = require("next/dist/server/ReactDOMServerPages");
const node = require("react-dom/server.node");
const html = async (server) => {
  const page = createElement("main", { lang: "ja" }, createElement("h1", null, "編集者 محرر Montażysta"), "x".repeat(9000));
  return new Response(await server.renderToReadableStream(page)).text();
};
console.log(JSON.stringify({
  pagesIsNode: pages === node,
  edgeStillEdge: edge !== node,
  same: (await html(pages)) === (await html(edge)),
  sample: (await html(pages)).slice(0, 80),
}));
`;

describe("the server's React renderer", () => {
  it("is the Node.js build, whose pages read exactly as the edge build's", () => {
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", PROBE],
      {
        encoding: "utf8",
        env: { ...process.env, NODE_ENV: "production" },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result).toEqual({
      pagesIsNode: true,
      edgeStillEdge: true,
      same: true,
      sample: '<main lang="ja"><h1>編集者 محرر Montażysta</h1>' + "x".repeat(80 - 44),
    });
  });
});
