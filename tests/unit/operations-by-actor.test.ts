// @vitest-environment node
import { describe, expect, it } from "vitest";
import { moderationOperations } from "@/features/moderation/moderation-operations";
import { operations } from "@/lib/api-registry/operations";

/* What moderators do is one contract, at one path (issue 62): nothing of theirs hides elsewhere. */
describe("the moderators' operations", () => {
  const all = Object.entries(operations);

  it("are all in features/moderation/moderation-operations.ts", () => {
    const elsewhere = all
      .filter(
        ([id, operation]) => operation.access === "moderator" && !(id in moderationOperations),
      )
      .map(([id]) => id);
    expect(elsewhere).toEqual([]);
  });

  it("are all under /api/moderation, and nothing else is", () => {
    for (const [id, operation] of all) {
      expect(operation.path.startsWith("/api/moderation/"), id).toBe(
        operation.access === "moderator",
      );
    }
  });
});
