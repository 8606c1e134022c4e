import { join } from "node:path";
import { z } from "zod";

const serverEnvSchema = z.object({
  /** A PostgreSQL server; unset means the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  DATA_DIR: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().default(join(process.cwd(), "data", "pglite")),
  ),
  /** The Firebase project whose ID tokens the API accepts. */
  FIREBASE_PROJECT_ID: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  /** A service account's JSON key, for production token checks and account deletion. */
  FIREBASE_SERVICE_ACCOUNT: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  GOOGLE_APPLICATION_CREDENTIALS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().optional(),
  ),
  /** host:port of the Firebase Auth emulator; set only for local runs and tests. */
  FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().optional(),
  ),
  /** Seed the sample board into an empty database: on by default for PGlite only. */
  SEED_SAMPLE_DATA: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(["true", "false"]).optional(),
  ),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export function readServerEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const result = serverEnvSchema.safeParse(source);
  if (!result.success) throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  return result.data;
}
