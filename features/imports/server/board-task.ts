import type { MessagePort } from "node:worker_threads";
import type { AtsKind } from "@/features/imports/ats";
import type { SourcePreview } from "@/features/imports/schemas";
import { renderMarkdown } from "@/lib/markdown";
import { fetchBoard } from "./ats/fetch-board";
import { AtsError, type AtsErrorCode, type FetchOptions } from "./ats/types";
import { mapAtsJob, type MappedJob, type SourceRules } from "./map-job";
import { previewOf } from "./preview";

/*
 * What the board's worker thread does (board-worker.ts runs it; board-reader.ts starts it): the
 * ATS's answers read as they stream, and every job mapped and its description cleaned, all of
 * it off the thread that answers requests. A preview posts one message; a sync posts the board's
 * head, then its mapped jobs a slice at a time, each once the main thread has taken the last.
 */

export type BoardTask = {
  kind: AtsKind;
  board: string;
  fetch: Pick<
    FetchOptions,
    "origin" | "timeoutMs" | "maxBytes" | "maxJobs" | "etag" | "lastModified"
  >;
  rules: SourceRules;
} & (
  | { mode: "preview" }
  | {
      mode: "sync";
      /** The last run's sha256 of the board's answers: the same again is not read further. */
      knownHash: string | null;
      /** Jobs per slice. */
      sliceJobs: number;
    }
);

/** An AtsError, across the threads. */
export type Failed = { type: "failed"; code: AtsErrorCode; message: string; status?: number };

export type PreviewMessage = { type: "preview"; preview: SourcePreview } | Failed;

/** One job as a sync applies it: the listing's Markdown rendered, what it needs of the ATS's job. */
export type MappedEntry = {
  externalId: string;
  title: string;
  result: MappedJob;
  /** The listing's description as HTML; null for a skipped job. */
  html: string | null;
};

export type BoardHead =
  | { type: "head"; status: "not_modified" }
  | {
      type: "head";
      status: "ok";
      /** Jobs on the board, each once. */
      total: number;
      /** The answers hash as the last run's did: no slice follows. */
      unchanged: boolean;
      etag: string | null;
      lastModified: string | null;
      bodyHash: string;
    };

export type SyncMessage =
  BoardHead | { type: "slice"; entries: MappedEntry[] } | { type: "done" } | Failed;

type Port = Pick<MessagePort, "postMessage" | "on" | "off">;

/** Runs `task`, posting its messages to `port`; an AtsError is posted as "failed". */
export async function runBoardTask(task: BoardTask, port: Port): Promise<void> {
  try {
    if (task.mode === "preview") await preview(task, port);
    else await sync(task, port);
  } catch (error) {
    if (!(error instanceof AtsError)) throw error;
    const failed: Failed = { type: "failed", code: error.code, message: error.message };
    if (error.status !== undefined) failed.status = error.status;
    port.postMessage(failed);
  }
}

async function preview(task: BoardTask, port: Port) {
  const fetched = await fetchBoard(task.kind, task.board, task.fetch);
  if (fetched.status !== "ok") throw new AtsError("malformed", "The board answered nothing");
  if (fetched.jobs.length === 0) throw new AtsError("empty", "No jobs found");
  const preview = await previewOf(
    { ats: task.kind, board: task.board, companyName: fetched.companyName },
    fetched.jobs,
    task.rules,
  );
  port.postMessage({ type: "preview", preview } satisfies PreviewMessage);
}

async function sync(task: Extract<BoardTask, { mode: "sync" }>, port: Port) {
  const post = (message: SyncMessage) => port.postMessage(message);
  const fetched = await fetchBoard(task.kind, task.board, task.fetch);
  if (fetched.status === "not_modified") {
    post({ type: "head", status: "not_modified" });
    return;
  }
  // A job the ATS lists twice is imported once.
  const seen = new Set<string>();
  const jobs = fetched.jobs.filter((job) => !seen.has(job.externalId) && seen.add(job.externalId));
  const unchanged = fetched.bodyHash === task.knownHash;
  post({
    type: "head",
    status: "ok",
    total: jobs.length,
    unchanged,
    etag: fetched.etag,
    lastModified: fetched.lastModified,
    bodyHash: fetched.bodyHash,
  });
  if (unchanged || jobs.length === 0) return;

  // The main thread says when it has applied a slice: the next is mapped meanwhile, and posted
  // only then, so that no more than two slices are ever held.
  let taken = 0;
  let wake: (() => void) | undefined;
  const onTaken = () => {
    taken += 1;
    wake?.();
  };
  port.on("message", onTaken);
  let posted = 0;
  for (let start = 0; start < jobs.length; start += task.sliceJobs) {
    const entries: MappedEntry[] = [];
    for (const job of jobs.slice(start, start + task.sliceJobs)) {
      const result = await mapAtsJob(job, task.rules);
      const html =
        result.outcome === "listing" ? await renderMarkdown(result.job.description) : null;
      entries.push({ externalId: job.externalId, title: job.title, result, html });
    }
    while (taken < posted) await new Promise<void>((resolve) => (wake = resolve));
    post({ type: "slice", entries });
    posted += 1;
  }
  post({ type: "done" });
  port.off("message", onTaken);
}
