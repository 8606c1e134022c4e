import type { NextConfig } from "next";
import { withSentryConfig } from "@sentry/nextjs/config";
import { AVATAR_HOSTS } from "./lib/users/avatar";
import { resolvePublicEnv } from "./lib/env";
import { IMAGE_DEVICE_SIZES, IMAGE_QUALITY, IMAGE_SIZES } from "./lib/image-config";
import { LATER_REPORT_PAGE, LATER_REPORT_REWRITE_SOURCE } from "./lib/report-routes";
import { SENTRY_TUNNEL_ROUTE } from "./lib/sentry-options";
import { RENAMED_PATHS } from "./lib/api/renamed-paths";

// bench/js-modules.mjs builds with ANALYZE_SOURCEMAPS=1: the same bundles with the browser's
// source maps beside them, in a folder of their own inside .next, so that the normal build
// (.next itself) is left as it is. Its types were checked by the normal build.
const analyzeSourceMaps = process.env.ANALYZE_SOURCEMAPS === "1";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The build checks the app's own types; tests and tools are checked by `npm run typecheck`.
  typescript: { tsconfigPath: "tsconfig.build.json", ignoreBuildErrors: analyzeSourceMaps },
  ...(analyzeSourceMaps && { distDir: ".next/sourcemaps", productionBrowserSourceMaps: true }),
  poweredByHeader: false,
  // The server layer (scripts/server.ts) compresses and hashes answers itself, once, and only
  // those it stores; Next.js doing it too would hash and pass through every page twice.
  compress: false,
  generateEtags: false,
  // PGlite loads its WebAssembly and data files from its own package folder at run time;
  // pdfkit reads its font metrics from its package folder at run time too, and parses fonts with
  // fontkit, which lib/server/pdf hands it fonts parsed by the same copy. esbuild runs its own
  // binary: outside production it bundles the workers that read outside input on first use
  // (lib/server/worker-bundle.ts).
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pg-boss", "pdfkit", "fontkit", "esbuild"],
  // Next.js rewrites imports of the other Heroicons sets to each icon's file, but not of the
  // 16 px set: without this a server process loads every one of its icons (345 kB of source).
  experimental: { optimizePackageImports: ["@heroicons/react/16/solid"] },
  // The PDFs' fonts (lib/server/pdf/fonts.ts) are read by a path resolved at run time, which the
  // build's file tracing cannot follow: the regular and bold faces (and Noto Sans's italics) as
  // WOFF, and the CSS that says which characters each file has.
  outputFileTracingIncludes: {
    "/**": [
      "./node_modules/@fontsource/noto-sans*/{400,700,400-italic,700-italic}.css",
      "./node_modules/@fontsource/noto-sans*/files/*-{400,700}-{normal,italic}.woff",
    ],
  },
  images: {
    deviceSizes: IMAGE_DEVICE_SIZES,
    imageSizes: IMAGE_SIZES,
    qualities: [IMAGE_QUALITY],
    // Pictures of people come only from their identity provider's image hosts.
    remotePatterns: AVATAR_HOSTS.map((hostname) => ({ protocol: "https", hostname })),
  },
  env: resolvePublicEnv(process.env),
  // Each quarter after the spec's seven reports gets its report on the same URL pattern
  // (-q4-25, -q1-26, ...), all rendered by one page (features/reports/reports.ts). After the page files,
  // so the spec's -q1-25 to -q3-25 pages keep their own.
  rewrites: async () => ({
    // API paths renamed for one name per thing answer at their new paths until their sunset
    // (lib/api/renamed-paths.ts), before any route file is looked for; the server layer says
    // they are deprecated.
    beforeFiles: RENAMED_PATHS.map(({ from, to }) => ({
      source: `${from}/:rest*`,
      destination: `${to}/:rest*`,
    })),
    afterFiles: [
      {
        source: LATER_REPORT_REWRITE_SOURCE,
        destination: LATER_REPORT_PAGE.replace("[quarter]", ":quarter"),
      },
    ],
    fallback: [],
  }),
};

const uploadSourceMaps = Boolean(process.env.SENTRY_AUTH_TOKEN);

export default withSentryConfig(nextConfig, {
  org: process.env.SENTRY_ORG,
  project: process.env.SENTRY_PROJECT,
  authToken: process.env.SENTRY_AUTH_TOKEN,
  tunnelRoute: SENTRY_TUNNEL_ROUTE,
  // The build reaches Sentry only to upload source maps, and only when a token is configured.
  telemetry: false,
  sourcemaps: { disable: !uploadSourceMaps },
  silent: true,
});
