// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  GENERATED_PATH,
  PUBLIC_GENERATED_PATH,
  clientRoutesSource,
  publicRoutesSource,
} from "@/scripts/generate-api-client";

/*
 * The browser's routes (lib/api/client-routes.generated.ts) are generated from the registry of
 * operations: after an operation is added, renamed or moved, `npm run api:generate` writes them
 * again. This fails until it has.
 */
describe("the generated client routes", () => {
  it("are what the generator writes from the registry now", async () => {
    const written = readFileSync(GENERATED_PATH, "utf8");
    expect(written, "run `npm run api:generate`").toBe(await clientRoutesSource());
    const publicWritten = readFileSync(PUBLIC_GENERATED_PATH, "utf8");
    expect(publicWritten, "run `npm run api:generate`").toBe(await publicRoutesSource());
  });
});
