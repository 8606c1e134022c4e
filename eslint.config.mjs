import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

/** Links go through components/ui/link.tsx, which prefetches on hover rather than on sight. */
const NEXT_LINK = {
  name: "next/link",
  message: "Link from @/components/ui/link: it fetches a page's code on hover, not on sight.",
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
    files: ["pages/**"],
    rules: { "no-restricted-imports": ["error", { paths: [NEXT_LINK] }] },
  },
  {
    files: ["components/ui/link.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
];

export default config;
