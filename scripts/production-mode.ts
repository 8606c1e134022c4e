// Imported first by the server and worker entries.
//
// React loads its development or production build by NODE_ENV at its first import. Next.js sets
// NODE_ENV=production only when it starts, after the mail templates have loaded React's JSX
// runtime, which would then be the development build beside the production renderer (and fail:
// "dispatcher.getOwner is not a function").
//
// The `.env*` files (`.env.local` and the rest, as Next.js reads them) are loaded here too, before
// anything reads the environment: the primary decides PGlite or PostgreSQL and how many workers
// before Next.js starts, and the server hands Next.js the configuration the build resolved, so
// Next.js does not read them itself (scripts/server-process.ts).
import { loadEnvConfig } from "@next/env";

const dev = process.argv.includes("--dev");
if (!dev && !process.env.NODE_ENV) {
  Object.assign(process.env, { NODE_ENV: "production" });
}
loadEnvConfig(process.cwd(), dev, { info: () => {}, error: console.error });
