import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import { readdirSync } from "node:fs";
import importX from "eslint-plugin-import-x";

/** Links go through components/ui/link.tsx, which prefetches on hover rather than on sight. */
const NEXT_LINK = {
  name: "next/link",
  message: "Link from @/components/ui/link: it fetches a page's code on hover, not on sight.",
};

/**
 * lib/server's folders and files from the ground up (docs/architecture.md, "The server's layers"):
 * each may import from the layers below its own and from nothing above or beside it, so no two
 * folders import each other and every import runs down (issue 43). A new folder takes its place
 * here: one left out fails the lint.
 */
const SERVER_LAYERS = [
  ["env.ts", "errors.ts", "log.ts", "pdf", "slug.ts", "worker-bundle.ts"],
  ["content", "db", "storage", "payments", "images", "worker-thread.ts"],
  ["users", "saved-searches", "talent", "health.ts"],
  ["auth"],
  ["audit", "http"],
  ["mail", "salaries"],
  ["jobs", "queue"],
  [
    "account",
    "alerts",
    "applications",
    "billing",
    "companies",
    "feeds",
    "indexing",
    "reports",
    "sitemap.ts",
    "stats",
  ],
  ["candidates", "directory", "listings", "logos"],
  ["imports"],
  ["moderation", "og", "sample-board", "worker"],
  ["app-database.ts"],
];

const unlisted = readdirSync("lib/server").filter(
  (name) => !SERVER_LAYERS.flat().includes(name) && !name.endsWith(".d.ts"),
);
if (unlisted.length > 0) {
  throw new Error(`eslint.config.mjs: give lib/server/${unlisted[0]} its layer in SERVER_LAYERS`);
}

const serverZones = SERVER_LAYERS.flatMap((layer, index) =>
  layer.map((name) => ({
    target: `./lib/server/${name}`,
    from: [
      ...layer.filter((other) => other !== name),
      ...SERVER_LAYERS.slice(index + 1).flat(),
    ].map((other) => `./lib/server/${other}`),
    message: `lib/server/${name} is on layer ${index} of SERVER_LAYERS (eslint.config.mjs): it imports only from the layers below.`,
  })),
).filter((zone) => zone.from.length > 0);

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  prettier,
  {
    ignores: [
      ".next/**",
      "dist/**",
      "public/cv-viewer/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  {
    rules: {
      // `const { dropped, ...kept } = row` is how an object loses a field.
      "@typescript-eslint/no-unused-vars": ["warn", { ignoreRestSiblings: true }],
    },
  },
  {
    // Everything in lib/ but lib/server itself: what the server and the browser share.
    files: ["components/**", "hooks/**", "lib/**"],
    ignores: ["lib/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [NEXT_LINK],
          patterns: [
            {
              group: ["@/lib/server", "@/lib/server/*"],
              message: "lib/server is reached only from data functions and API routes.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layering, and no import cycle anywhere in the app's code.
    files: ["lib/**", "components/**", "pages/**", "hooks/**", "scripts/**"],
    plugins: { "import-x": importX },
    // TypeScript's parser and resolver (the `@/` paths), as import-x's own TypeScript preset sets them.
    settings: importX.flatConfigs.typescript.settings,
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: serverZones }],
    },
  },
  {
    files: ["pages/**"],
    rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK] }] },
  },
  {
    files: ["components/ui/link.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
  // Typed client paths (issue 62): browser code calls API operations by name (callOperation in
  // lib/api/call.ts) and links to them by route (routePath, operationPath), their paths generated
  // from the operations (lib/api/client-routes.generated.ts); none writes an /api/ path by hand.
  // Components reach the API through hooks. Two objects, as one object has one set of files.
  {
    files: ["features/**", "components/**", "hooks/**", "lib/**"],
    ignores: [
      "lib/server/**",
      "**/server/**",
      "**/tests/**",
      "lib/api/**",
      "lib/api-client.ts",
      "features/*/*-operations.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/^\\/api\\//]",
          message:
            "An API path is not typed by hand: callOperation(name, …) from @/lib/api/call, or routePath/operationPath for a link (issue 62).",
        },
        {
          selector: "TemplateElement[value.raw=/^\\/api\\//]",
          message:
            "An API path is not typed by hand: callOperation(name, …) from @/lib/api/call, or routePath/operationPath for a link (issue 62).",
        },
      ],
    },
  },
  {
    // This replaces the rule's options set above for components/**, so it repeats them.
    files: ["components/**", "features/*/components/**"],
    ignores: ["components/ui/link.tsx", "**/tests/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            NEXT_LINK,
            {
              name: "@/lib/api-client",
              message: "Components use hooks: the API is called in hooks/.",
            },
            {
              name: "@/lib/api/call",
              message: "Components use hooks: the API is called in hooks/.",
            },
          ],
          patterns: [
            {
              group: ["@/lib/server", "@/lib/server/*"],
              message: "lib/server is reached only from data functions and API routes.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
