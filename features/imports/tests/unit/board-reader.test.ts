// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/server/errors";
import { AtsError } from "@/features/imports/server/ats/types";
import {
  BOARD_READ_LIMITS,
  BOARD_READS_AT_ONCE,
  BOARD_READS_WAITING,
  previewBoard,
} from "@/features/imports/server/board-reader";
import type { SourceRules } from "@/features/imports/server/map-job";
import {
  boardPath,
  greenhouseJob,
  greenhouseJobStream,
  type FixtureJob,
} from "@/tests/support/ats-fixtures";
import { startAtsServer, type AtsServer } from "@/tests/support/ats-server";

/*
 * The board reader's worker thread past its bounds (issue 60): a board that needs more memory
 * or time than it is given is refused in plain words, and past a few reads at once the rest are
 * told to come back.
 */

const RULES: SourceRules = {
  departments: {},
  types: {},
  remoteCountries: null,
  onlyDepartments: [],
  onlyLocations: [],
};

let server: AtsServer;

beforeAll(async () => {
  server = await startAtsServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const read = (board: string, limits: Partial<typeof BOARD_READ_LIMITS.preview>) =>
  previewBoard(
    { kind: "ashby", board, fetch: { origin: server.origin, timeoutMs: 60_000 }, rules: RULES },
    { ...BOARD_READ_LIMITS.preview, ...limits },
  );

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("the board was read"),
    (error: unknown) => error,
  );
}

describe("a board read in a worker thread", () => {
  it("is refused when it needs more memory than the worker has", async () => {
    // 45 MB of descriptions, held as the jobs are read: far past a heap of 32 MB.
    const paragraph = `<p>${"You will edit our videos and cut our shorts. ".repeat(20)}</p>`;
    const jobOf = (n: number): FixtureJob => ({
      id: String(n),
      title: `Video Editor ${n}`,
      department: "Creative",
      location: "London, UK",
      description: paragraph.repeat(12),
    });
    server.set(boardPath("greenhouse", "heavy"), {
      pieces: () => greenhouseJobStream(4_000, (n) => greenhouseJob("heavy", jobOf(n))),
    });
    const error = await refusal(
      previewBoard(
        {
          kind: "greenhouse",
          board: "heavy",
          fetch: { origin: server.origin, timeoutMs: 60_000 },
          rules: RULES,
        },
        { ...BOARD_READ_LIMITS.preview, heapMb: 32 },
      ),
    );
    expect(error).toBeInstanceOf(AtsError);
    expect(error).toMatchObject({
      code: "too_large",
      message:
        "Greenhouse's board needs more memory to read than we allow: it has more jobs, or longer ones, than we can import",
    });
  }, 60_000);

  it("is refused when it takes longer than the worker's time", async () => {
    server.set(boardPath("ashby", "slow"), { hang: "body" });
    const error = await refusal(read("slow", { ms: 1_000 }));
    expect(error).toMatchObject({
      code: "too_large",
      message:
        "Ashby's board took longer than 1 s to read: it has more jobs, or longer ones, than we can import",
    });
  });

  it("is one of a few at once, with a short line, and the rest are told to come back", async () => {
    server.set(boardPath("ashby", "queued"), { hang: "headers" });
    const places = BOARD_READS_AT_ONCE + BOARD_READS_WAITING;
    const reads = Array.from({ length: places }, () => refusal(read("queued", { ms: 1_000 })));
    const turnedAway = await refusal(read("queued", { ms: 1_000 }));
    expect(turnedAway).toBeInstanceOf(AppError);
    expect(turnedAway).toMatchObject({ code: "unavailable", retryAfter: 30 });
    // Those in line are read in their turn, each within its own time (on a busy machine a
    // worker may not reach the ATS before its second is up); the one turned away never reads.
    for (const error of await Promise.all(reads)) {
      expect(error).toMatchObject({ code: "too_large" });
    }
    expect(server.requests.length).toBeLessThanOrEqual(places);
  }, 60_000);
});
