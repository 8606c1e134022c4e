import { join } from "node:path";
import { z } from "zod";
import { optional } from "../env";

const serverEnvSchema = z.object({
  /** A PostgreSQL server; unset means the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: optional(z.string()),
  DATA_DIR: optional(z.string()).transform((dir) => dir ?? join(process.cwd(), "data", "pglite")),
  /** The Firebase project whose ID tokens the API accepts. */
  FIREBASE_PROJECT_ID: optional(z.string()),
  /** A service account's JSON key, for production token checks and account deletion. */
  FIREBASE_SERVICE_ACCOUNT: optional(z.string()),
  GOOGLE_APPLICATION_CREDENTIALS: optional(z.string()),
  /** host:port of the Firebase Auth emulator; set only for local runs and tests. */
  FIREBASE_AUTH_EMULATOR_HOST: optional(z.string()),
  /** Seed the sample board into an empty database: on by default for PGlite only. */
  SEED_SAMPLE_DATA: optional(z.enum(["true", "false"])),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export function readServerEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const result = serverEnvSchema.safeParse(source);
  if (!result.success) throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  return result.data;
}
