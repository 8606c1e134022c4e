import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import importX from "eslint-plugin-import-x";

/** Links go through components/ui/link.tsx, which prefetches on hover rather than on sight. */
const NEXT_LINK = {
  name: "next/link",
  message: "Link from @/components/ui/link: it fetches a page's code on hover, not on sight.",
};

/**
 * lib/server's shared folders and files from the ground up (docs/architecture.md, "The server's
 * layers"): each may import from the layers below its own and from nothing above or beside it, so
 * no two folders import each other and every import runs down (issue 43). A new folder takes its
 * place here: one left out fails the lint. The features' server code is features/<name>/server.
 */
const SERVER_LAYERS = [
  ["csv.ts", "env.ts", "errors.ts", "heap.ts", "log.ts", "pdf", "slug.ts", "worker-bundle.ts"],
  ["worker-thread.ts"],
  ["db", "storage", "images"],
  ["users", "health", "stats"],
  ["auth"],
  ["audit", "http"],
  ["board-settings.ts", "board-settings-html.ts"],
  ["mail"],
  ["queue"],
  ["sample-board", "worker"],
  ["start"],
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

/**
 * Code that puts the features together, and so may import any of them (features/README.md): the
 * routes, the operations' registry and its OpenAPI document, the worker's tasks, the sample
 * board, the database's start, and the app's shell (header, menus, footer).
 */
const COMPOSITION = [
  "pages/**",
  "lib/api-registry/operations.ts",
  "lib/api-registry/openapi.ts",
  "lib/server/worker/**",
  "lib/server/sample-board/**",
  "lib/server/start/**",
  "components/layout/**",
];

/**
 * The features from the ground up (features/README.md, "Layers"): a feature imports only the
 * features on the layers below its own (not those beside it), so no two features import each
 * other and every import between features runs down. `jobs` is the job model every other feature
 * reads and `content` the board's own words; `moderation` acts on the features below it for the
 * board's moderators; `board` puts the public board's pages together; `og` draws every page's
 * social card. A new feature takes its place here: one left out fails the lint.
 */
const FEATURE_LAYERS = [
  ["jobs", "content"],
  ["account", "companies", "reports", "billing"],
  ["salaries", "saved-searches", "feeds", "embed", "social"],
  ["alerts", "listings"],
  ["applications", "enquiries"],
  ["directory", "imports", "analytics", "newsletter"],
  ["moderation"],
  ["board"],
  ["og"],
];

const features = readdirSync("features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = features.filter((name) => !FEATURE_LAYERS.flat().includes(name));
if (unplaced.length > 0) {
  throw new Error(`eslint.config.mjs: give features/${unplaced[0]} its layer in FEATURE_LAYERS`);
}
const featureLayer = new Map(
  FEATURE_LAYERS.flatMap((layer, index) => layer.map((name) => [name, index])),
);

/**
 * A feature's entry points: the files its README lists under "## Entry points", one bullet each,
 * the file first in backquotes (`server/credits.ts`), relative to the feature's folder. Another
 * feature may import these and nothing else of it.
 */
function entryPoints(feature) {
  let text;
  try {
    text = readFileSync(`features/${feature}/README.md`, "utf8");
  } catch {
    return new Set();
  }
  const section = text.split(/^## /m).find((part) => part.startsWith("Entry points"));
  if (!section) return new Set();
  return new Set(
    [...section.matchAll(/^- `([^`]+)`/gm)].map(([, file]) => `features/${feature}/${file}`),
  );
}
const entries = new Map(features.map((name) => [name, entryPoints(name)]));

/** The repository file an import names: with its extension, or as an index. */
function withExtension(file) {
  for (const candidate of [file, `${file}.ts`, `${file}.tsx`, `${file}/index.ts`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return file;
}

/**
 * A feature imports another only if it is on a lower layer of FEATURE_LAYERS, and only through
 * one of its entry points (its README's list).
 */
const featureImports = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const own = path.relative(context.cwd, context.filename).split(path.sep);
    if (own[0] !== "features" || own.length < 3) return {};
    const from = own[1];
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== "string") return;
      const target = importedFile(context, spec);
      if (target === null || !target.startsWith("features/")) return;
      const to = target.split("/")[1];
      if (to === from || !featureLayer.has(to)) return;
      if (featureLayer.get(to) >= featureLayer.get(from)) {
        context.report({
          node: node.source,
          message: `features/${from} is on layer ${featureLayer.get(from)} of FEATURE_LAYERS (eslint.config.mjs) and features/${to} on layer ${featureLayer.get(to)}: a feature imports only the features below it (${spec})`,
        });
        return;
      }
      if (!entries.get(to).has(withExtension(target))) {
        context.report({
          node: node.source,
          message: `${spec} is inside features/${to}: import one of its entry points, or list this file under "Entry points" in features/${to}/README.md`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** The file an import names, relative to the repository's root, or null for a package. */
function importedFile(context, spec) {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (!spec.startsWith(".")) return null;
  return path.relative(context.cwd, path.resolve(path.dirname(context.filename), spec));
}

/** A rule refusing imports of files matching `forbidden` (relative to the root), however written. */
function noImportOf(forbidden, message) {
  return {
    meta: { type: "problem", schema: [] },
    create(context) {
      const check = (node) => {
        const spec = node.source?.value;
        if (typeof spec !== "string") return;
        const file = importedFile(context, spec);
        if (file !== null && forbidden.test(file)) {
          context.report({ node: node.source, message: `${message} (${spec})` });
        }
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}

/**
 * Who writes each table (issue 62): a table's rows change in the modules named here and nowhere
 * else, so a newcomer finds every change to them in one place; other code calls their functions.
 * A path is a file or a folder. The seed (lib/server/sample-board) and tests write freely. The
 * check sees a table named in the call or the SQL; the few tables written through a variable
 * (favorites and rejections, the search vocabularies) are their feature's alone by review.
 */
const TABLE_WRITERS = {
  // A listing's state: one module (features/listings/README.md).
  jobs: ["features/listings/server/listing-state.ts"],
  listingEdits: ["features/listings/server/manage-listings.ts"],
  // What the board sells (issue 63): only the owner's console changes it.
  listingPlans: ["features/billing/server/offer-console.ts"],
  listingPacks: ["features/billing/server/offer-console.ts"],
  offerSettings: ["features/billing/server/offer-console.ts"],
  // Its subscription plans: the seed only, until the console edits them (not yet).
  subscriptionPlans: ["features/billing/server/offer-console.ts"],
  coupons: ["features/billing/server/coupons.ts"],
  couponRedemptions: ["features/billing/server/coupons.ts"],
  stripeEvents: ["features/listings/server/payment-events.ts"],
  // The board's own team (issue 64): invitations, roles, removals, in one module.
  boardMembers: ["features/moderation/server/board-team.ts"],
  boardInvitations: ["features/moderation/server/board-team.ts"],
  // The legal documents' versions and who accepted them (issue 64).
  legalDocumentVersions: ["features/content/server/legal-versions.ts"],
  legalAcceptances: ["features/content/server/legal-versions.ts"],
  // The board's settings: its owners', in one module.
  boardSettings: ["features/moderation/server/board-settings.ts"],
  // The partner offers (issue 64): the seed and the editors' changes, in one module.
  partnerOffers: ["features/content/server/partner-offers.ts"],
  // The blog (issue 64): its editors' changes and the queue's publishing; the seed from content/.
  posts: ["features/content/server/post-editor.ts", "features/content/server/post-seed.ts"],
  postAuthors: ["features/content/server/post-editor.ts", "features/content/server/post-seed.ts"],
  postRedirects: ["features/content/server/post-editor.ts"],
  // A candidate's own rows.
  applications: ["features/account/server"],
  preferences: ["features/account/server"],
  savedSearches: ["features/saved-searches/server"],
  // Applications and their conversation; an invitation is marked when its candidate applies.
  jobApplications: ["features/applications/server"],
  applicationNotes: ["features/applications/server"],
  applicationMessages: ["features/applications/server"],
  candidateCvs: ["features/applications/server"],
  jobInvitations: [
    "features/directory/server",
    "features/applications/server/candidate-applications.ts",
  ],
  companyAllowances: ["features/directory/server"],
  companyBlocks: ["features/directory/server"],
  profileSightings: ["features/directory/server"],
  profileViews: ["features/directory/server"],
  // Companies and teams; billing keeps a company's billing columns (details, terms, credit
  // limit), the applicant digest its mark on a member's row.
  companies: [
    "features/companies/server",
    "features/billing/server/billing-details.ts",
    "features/billing/server/credit-limit.ts",
    "features/billing/server/payment-terms.ts",
  ],
  companyMembers: ["features/companies/server", "features/applications/server/employer-mail.ts"],
  companyInvitations: ["features/companies/server"],
  atsSources: ["features/imports/server"],
  atsJobs: ["features/imports/server"],
  // Money.
  invoices: ["features/billing/server"],
  invoiceCounters: ["features/billing/server/invoice-numbers.ts"],
  invoiceMails: ["features/billing/server/invoice-mails.ts"],
  listingCredits: ["features/billing/server"],
  // Employer subscriptions (issue 63).
  companySubscriptions: [
    "features/billing/server/subscriptions.ts",
    "features/billing/server/subscription-stripe.ts",
    "features/billing/server/subscription-past-due.ts",
  ],
  subscriptionInvoices: ["features/billing/server/subscriptions.ts"],
  billingDetails: ["features/billing/server/billing-details.ts"],
  enquiries: ["features/enquiries/server"],
  enquiryReplies: ["features/enquiries/server"],
  salaryFigures: ["features/salaries/server/salary-figures.ts"],
  audienceDays: ["features/analytics/server/audience.ts"],
  departmentMedians: ["features/analytics/server/department-medians.ts"],
  // The newsletter (issue 66): its subscribers, issues and sends, in its own server code.
  newsletterSubscribers: ["features/newsletter/server/subscribers.ts"],
  newsletterIssues: ["features/newsletter/server/issues.ts", "features/newsletter/server/send.ts"],
  newsletterIssueListings: ["features/newsletter/server/issues.ts"],
  newsletterSends: ["features/newsletter/server/send.ts"],
  // Shared.
  users: ["lib/server/users/users.ts"],
  deletedAccounts: ["lib/server/users/users.ts"],
  auditLog: ["lib/server/audit/audit.ts", "lib/server/users/users.ts"],
  appSecrets: ["lib/server/db/app-secrets.ts"],
  listingStats: ["lib/server/stats/visitor-counts.ts"],
  statsVisitors: ["lib/server/stats/visitor-counts.ts"],
  scheduledTasks: ["lib/server/worker/scheduler.ts"],
};

const WRITE_CALL = /^(update|insert|delete)$/;
const RAW_WRITE = /\b(update|insert\s+into|delete\s+from)\s*$/i;

/**
 * A write to a table of TABLE_WRITERS outside its writers: `db.update(jobs)`, `tx.insert(jobs)`,
 * `db.delete(jobs)`, or an sql`` template of its own (`UPDATE ${jobs}`, `INSERT INTO ${jobs}`,
 * `DELETE FROM ${jobs}`; a read of the table beside a write to another passes).
 */
const tableWriters = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join("/");
    const report = (node, table) => {
      const writers = TABLE_WRITERS[table];
      if (!writers || writers.some((writer) => file === writer || file.startsWith(`${writer}/`)))
        return;
      context.report({
        node,
        message: `Only ${writers.join(", ")} ${writers.length > 1 ? "write" : "writes"} the ${table} table (TABLE_WRITERS, eslint.config.mjs): call its functions`,
      });
    };
    const tableName = (node) =>
      node?.type === "Identifier"
        ? node.name
        : node?.type === "MemberExpression" && node.property.type === "Identifier"
          ? node.property.name
          : null;
    return {
      CallExpression(node) {
        const { callee } = node;
        if (
          callee.type === "MemberExpression" &&
          callee.property.type === "Identifier" &&
          WRITE_CALL.test(callee.property.name)
        ) {
          const table = tableName(node.arguments[0]);
          if (table) report(node.arguments[0], table);
        }
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== "Identifier" || node.tag.name !== "sql") return;
        const { quasis, expressions } = node.quasi;
        expressions.forEach((expression, index) => {
          const table = tableName(expression);
          if (table && RAW_WRITE.test(quasis[index].value.raw)) report(expression, table);
        });
      },
    };
  },
};

/** The house's own rules on which folder imports which, and who writes the jobs table. */
const house = {
  rules: {
    "table-writers": tableWriters,
    "feature-imports": featureImports,
    "browser-imports-no-server": noImportOf(
      /^(lib\/server|features\/[^/]+\/server)(\/|$)/,
      "Server code is reached only from data functions and API routes",
    ),
    "shared-imports-no-feature": noImportOf(
      /^features\//,
      "Shared code imports no feature: move what it needs into shared code, or this file into its feature",
    ),
  },
};

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
    // Code the browser runs too: lib/ but lib/server, components, hooks, the features but their
    // server/ folders. Neither lib/server nor a feature's server/ is reached from it (they are
    // reached from data functions and API routes).
    files: ["components/**", "hooks/**", "lib/**", "features/**"],
    ignores: ["lib/server/**", "features/*/server/**", "features/*/tests/**"],
    plugins: { house },
    rules: {
      "no-restricted-imports": ["error", { paths: [NEXT_LINK] }],
      "house/browser-imports-no-server": "error",
    },
  },
  {
    // Shared code imports no feature (features/README.md).
    files: ["components/**", "hooks/**", "lib/**"],
    ignores: COMPOSITION,
    plugins: { house },
    rules: {
      "house/shared-imports-no-feature": "error",
    },
  },
  {
    // The features' layering and entry points (features/README.md); tests may reach any feature.
    files: ["features/**"],
    ignores: ["features/*/tests/**"],
    plugins: { house },
    rules: {
      "house/feature-imports": "error",
    },
  },
  {
    // The server's layering, and no import cycle anywhere in the app's code.
    files: ["lib/**", "components/**", "pages/**", "hooks/**", "scripts/**", "features/**"],
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
      "lib/api-registry/**",
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
  // Who writes each table (TABLE_WRITERS): server code only, the seed and tests left out.
  {
    files: ["features/*/server/**", "lib/server/**"],
    ignores: ["lib/server/sample-board/**", "**/tests/**"],
    plugins: { house },
    rules: {
      "house/table-writers": "error",
    },
  },
];

export default config;
