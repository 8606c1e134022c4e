import { describe, expect, it } from "vitest";
import { QUEUE_LABELS, queueLabel } from "@/lib/queue/constants";
import { queueOptions, QUEUES } from "@/lib/server/queue/queue";

describe("queue labels (issue 61)", () => {
  it("names every queue the worker makes in words, never by its raw name", () => {
    for (const name of Object.keys(queueOptions())) {
      expect(queueLabel(name), name).not.toBe(name);
      expect(queueLabel(name), name).not.toMatch(/^[a-z-]+$/);
    }
    expect(Object.keys(QUEUE_LABELS).sort()).toEqual(Object.values(QUEUES).sort());
  });

  it("says what the import queues do", () => {
    expect(queueLabel("ats-sources")).toBe("Finding import sources due a run");
    expect(queueLabel("ats-sync")).toBe("Imports from applicant tracking systems");
  });

  it("shows a name no queue has any more as it is", () => {
    expect(queueLabel("gone-queue")).toBe("gone-queue");
    expect(queueLabel("constructor")).toBe("constructor");
  });
});
