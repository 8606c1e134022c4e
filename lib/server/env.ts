import { join } from "node:path";
import { z } from "zod";

const serverEnvSchema = z.object({
  /** A PostgreSQL server; unset means the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  DATA_DIR: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().default(join(process.cwd(), "data", "pglite")),
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
