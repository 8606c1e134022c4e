// The production server: Next.js behind the in-memory page cache, on the app's database.
// Usage: tsx scripts/server.ts   (HOST and PORT from env; defaults 127.0.0.1:3000)
import { createServer } from "node:http";
import next from "next";
import { resolvePublicEnv } from "@/lib/env";
import { closeDatabase, getDatabase } from "@/lib/server/db";
import { readServerEnv } from "@/lib/server/env";
import { PageCache, REFRESH_HEADER, registerPageCache } from "@/lib/server/http/page-cache";
import { builtPublicEnv, securityOptionsFrom } from "@/lib/server/http/security-headers";
import { withServerLayer } from "@/lib/server/http/server-layer";

const hostname = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const dev = process.argv.includes("--dev");

async function main() {
  const app = next({ dev, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  // Migrate (and on a first start seed) before the first visitor, not during their request.
  await getDatabase();

  const origin = `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
  // The policy admits what the pages were built to load (next dev builds from the environment).
  const security = securityOptionsFrom(dev ? resolvePublicEnv(process.env) : builtPublicEnv(), {
    dev,
    hsts: readServerEnv().HSTS,
  });
  // next dev renders every request afresh: no page cache there.
  const cache = dev ? undefined : new PageCache();
  // Moderation drops the pages a newly published (or withdrawn) job changes.
  registerPageCache(cache);
  const refresh = (url: string) =>
    fetch(new URL(url, origin), {
      headers: { [REFRESH_HEADER]: cache?.refreshToken ?? "", "accept-encoding": "identity" },
    })
      .then((response) => response.arrayBuffer())
      .catch((error: unknown) => console.error(`Could not refresh ${url}:`, error));

  const server = createServer(withServerLayer(handle, { security, cache, refresh }));
  server.listen(port, hostname, () => {
    console.log(`Creator Jobs is running at ${origin}`);
  });

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    server.close();
    server.closeAllConnections();
    await app.close();
    await closeDatabase();
    process.exit(0);
  }
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
