import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { errorCode } from "@/lib/form-errors";
import { showSuccessToast } from "@/lib/error-toast";

/*
 * Jobs imported from an applicant tracking system's public board (issue 46): the company's
 * sources on /listings/imports (owner and admins), and every source on /review/imports
 * (moderators). Refusals (a 409's sentence, a 422 beside its field) are the screens' to show.
 */

export type ImportSource = ApiAnswer<"listImports">["sources"][number];
export type ModeratorImportSource = ApiAnswer<"listAllImports">["sources"][number];
export type ImportReview = ApiAnswer<"reviewImport">;
export type WaitingListing = ImportReview["waiting"][number];
export type SourcePreview = ApiAnswer<"previewImport">;
export type PreviewRequest = ApiBody<"previewImport">;
export type ImportRequest = ApiBody<"addImport">;
export type SourceChanges = ApiBody<"changeImport">;
export type ModeratorImportRequest = ApiBody<"addImportForCompany">;
export type SourceRules = ImportSource["rules"];
export type ImportPlan = ImportSource["plan"];

export const importKeys = {
  all: ["imports"] as const,
  company: ["imports", "company"] as const,
  review: ["admin", "imports"] as const,
};

/**
 * What GET /api/company/imports said: the sources, or why the page has none to show: the
 * caller's role does not manage imports (403), or they are in no company (404).
 */
export type ImportsAnswer =
  { state: "sources"; sources: ImportSource[] } | { state: "forbidden" } | { state: "no_company" };

/** How often the page asks again while a run it asked for has not ended, and for how long. */
const WATCH_EVERY_MS = 3_000;
const WATCH_FOR_MS = 2 * 60_000;

/**
 * Runs asked for in this tab (a new source's first, "Run now", a resume), by source id: when
 * (this tab's clock, for the two minutes), the last run the source showed then (the run asked
 * for is another), and when the server took the request (the run asked for starts at or after
 * it), if it said. No clock of this tab is compared with the server's: a run that ended just
 * before "Run now" must not pass for the one asked for.
 */
const asked = new Map<number, { since: number; after: string | null; notBefore: string | null }>();

const ask = (source: ImportSource, notBefore: string | null = null) =>
  asked.set(source.id, { since: Date.now(), after: source.last_run_at, notBefore });

/** Whether a run asked for has not shown yet: the page then asks again, for two minutes at most. */
function waitingForRuns(answer: ImportsAnswer | undefined, now: number): boolean {
  if (answer?.state !== "sources") return false;
  for (const source of answer.sources) {
    const wait = asked.get(source.id);
    if (wait === undefined) continue;
    const last = source.last_run_at;
    const ran =
      last !== null &&
      last !== wait.after &&
      (wait.notBefore === null || Date.parse(last) >= Date.parse(wait.notBefore));
    if (ran || now - wait.since > WATCH_FOR_MS) asked.delete(source.id);
  }
  return asked.size > 0;
}

/**
 * GET /api/company/imports, once signed in. While a run this tab asked for has not ended, it is
 * asked again every few seconds, so the run's report shows when it is there.
 */
export function useImports() {
  const { token } = useAuth();
  return useQuery({
    refetchInterval: (query) =>
      waitingForRuns(query.state.data, Date.now()) ? WATCH_EVERY_MS : false,
    queryKey: importKeys.company,
    queryFn: async (): Promise<ImportsAnswer> => {
      try {
        const { sources } = await callOperation("listImports");
        return { state: "sources", sources };
      } catch (error) {
        if (errorCode(error) === "forbidden") return { state: "forbidden" };
        if (errorCode(error) === "not_found") return { state: "no_company" };
        throw error;
      }
    },
    enabled: Boolean(token),
  });
}

/**
 * POST /api/company/imports/preview: how a board's jobs would be imported; nothing is stored. A
 * mutation, though it reads: each choice changed asks again, and only the last answer shows.
 */
export function usePreviewImport() {
  return useMutation({
    meta: { showsError: true },
    mutationFn: (request: PreviewRequest) => callOperation("previewImport", { body: request }),
  });
}

/** POST /api/company/imports: the board is read at once, then every hour. */
export function useAddImport() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: (request: ImportRequest) => callOperation("addImport", { body: request }),
    onSuccess: ({ source }) => {
      ask(source);
      showSuccessToast("Import started: your board is read now, then every hour");
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.company }),
  });
}

/** PATCH /api/company/imports/{id}: its choices or plan, or paused or resumed. */
export function useChangeImport() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: ({ source, changes }: { source: ImportSource; changes: SourceChanges }) =>
      callOperation("changeImport", { params: { sourceId: source.id }, body: changes }),
    // Resumed, or its choices changed: it runs again now.
    onSuccess: ({ source }, { changes }) => {
      if (source.status === "active" && (changes.rules || changes.status === "active")) {
        ask(source);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.company }),
  });
}

/** DELETE /api/company/imports/{id}: importing stops, and its live listings are withdrawn. */
export function useRemoveImport() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: (source: ImportSource) =>
      callOperation("removeImport", { params: { sourceId: source.id } }),
    onSuccess: ({ withdrawn }) =>
      showSuccessToast(
        `Importing stopped; ${withdrawn} ${withdrawn === 1 ? "listing" : "listings"} withdrawn`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.company }),
  });
}

/** POST /api/company/imports/{id}/run: the board is read again now, a paused one too. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: (source: ImportSource) =>
      callOperation("runImport", { params: { sourceId: source.id } }),
    onSuccess: ({ asked_at }, source) => void ask(source, asked_at),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.company }),
  });
}

/** GET /api/moderation/imports: every source, with its company, for moderators. */
export function useModeratorImports(enabled: boolean) {
  return usePersonalQuery({
    queryKey: importKeys.review,
    operation: "listAllImports",
    enabled,
  });
}

/** GET /api/moderation/imports/{id}: a source with its listings waiting, as they would read. */
export function useImportReview(sourceId: number | null) {
  return usePersonalQuery({
    queryKey: [...importKeys.review, sourceId],
    operation: "reviewImport",
    params: { sourceId: sourceId ?? 0 },
    enabled: sourceId !== null,
  });
}

/** POST /api/moderation/imports: a board for a company on the board, or a new one by name and site. */
export function useAddImportForCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: (request: ModeratorImportRequest) =>
      callOperation("addImportForCompany", { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.review }),
  });
}

/** POST /api/moderation/imports/{id}/approve: the first import's listings go live. */
export function useApproveImport() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: (source: Pick<ModeratorImportSource, "id">) =>
      callOperation("approveImport", { params: { sourceId: source.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.review }),
  });
}

/** PATCH /api/moderation/imports/{id}: paused with a reason its company sees, or resumed. */
export function useSetImportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: ({
      source,
      change,
    }: {
      source: ModeratorImportSource;
      change: ApiBody<"setImportStatus">;
    }) => callOperation("setImportStatus", { params: { sourceId: source.id }, body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.review }),
  });
}
