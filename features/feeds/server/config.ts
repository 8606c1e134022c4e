import { readServerEnv, type ServerEnv } from "@/lib/server/env";

/*
 * Which search engines this board tells of its job pages' changes, from the environment. Nothing
 * is configured by default: development, tests and CI send nothing anywhere, and a deployment
 * opts in per engine (docs/seo.md).
 */

/** The path the IndexNow key file is served on (pages/indexnow-key.txt.tsx): its keyLocation. */
export const INDEXNOW_KEY_PATH = "/indexnow-key.txt";

export type ServiceAccount = NonNullable<ServerEnv["GOOGLE_INDEXING_SERVICE_ACCOUNT"]>;

export type IndexingConfig = {
  /** IndexNow: on when INDEXNOW_KEY is set. */
  indexNow?: { key: string; endpoint: string };
  /** Google's Indexing API: on when GOOGLE_INDEXING_SERVICE_ACCOUNT is set. */
  google?: { account: ServiceAccount; endpoint: string };
};

export type SearchEngine = keyof IndexingConfig;

export function readIndexingConfig(env: ServerEnv = readServerEnv()): IndexingConfig {
  return {
    ...(env.INDEXNOW_KEY
      ? { indexNow: { key: env.INDEXNOW_KEY, endpoint: env.INDEXNOW_ENDPOINT } }
      : {}),
    ...(env.GOOGLE_INDEXING_SERVICE_ACCOUNT
      ? {
          google: {
            account: env.GOOGLE_INDEXING_SERVICE_ACCOUNT,
            endpoint: env.GOOGLE_INDEXING_ENDPOINT,
          },
        }
      : {}),
  };
}

/** The engines that are configured, in a fixed order. */
export const configuredEngines = (config: IndexingConfig): SearchEngine[] =>
  (["indexNow", "google"] as const).filter((engine) => config[engine] !== undefined);
