import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { candidateKeys } from "@/features/account/hooks/candidate-keys";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import type { ApplicationStatus } from "@/features/account/constants";
import type { JobMarks } from "@/features/account/types";

/** What the signed-in candidate did with each job; nothing is fetched for anonymous visitors. */
export const useJobMarks = () =>
  usePersonalQuery({
    queryKey: candidateKeys.marks,
    operation: "getJobMarks",
    staleTime: 60_000,
  });

const without = (ids: number[], id: number) => ids.filter((other) => other !== id);
const withId = (ids: number[], id: number) => [...without(ids, id), id];

type MarkChange = {
  request: (jobId: number) => Promise<unknown>;
  /** The marks as they will be once the server agrees: shown at once. */
  expect: (marks: JobMarks, jobId: number) => JobMarks;
  /** The lists whose contents the change alters. */
  invalidates: QueryKey[];
};

const MARK_CHANGE = ["job_marks", "change"] as const;

/**
 * A change to a job's marks, shown before the server answers and undone if it refuses. Lists are
 * refetched once the last of several quick changes settles, so an earlier answer cannot undo a
 * later press on screen.
 */
function useMarkChange({ request, expect, invalidates }: MarkChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MARK_CHANGE,
    mutationFn: request,
    onMutate: async (jobId: number) => {
      await queryClient.cancelQueries({ queryKey: candidateKeys.marks });
      const before = queryClient.getQueryData<JobMarks>(candidateKeys.marks);
      if (before) queryClient.setQueryData(candidateKeys.marks, expect(before, jobId));
      return { before };
    },
    onError: (_error, _jobId, context) => {
      if (context?.before) queryClient.setQueryData(candidateKeys.marks, context.before);
    },
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey: MARK_CHANGE }) > 1) return;
      await Promise.all(
        [candidateKeys.marks, ...invalidates].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/*
 * Hiding and un-hiding leave the recommendations alone until the candidate comes back to them,
 * so a job hidden there keeps its Undo in place; /jobs refetches when it mounts.
 */

export function useSaveJob() {
  return useMarkChange({
    request: (jobId) => callOperation("saveJob", { body: { job_id: jobId } }),
    expect: (marks, jobId) => ({
      ...marks,
      saved: withId(marks.saved, jobId),
      hidden: without(marks.hidden, jobId),
    }),
    invalidates: [candidateKeys.savedJobs, candidateKeys.hiddenJobs],
  });
}

export function useUnsaveJob() {
  return useMarkChange({
    request: (jobId) => callOperation("unsaveJob", { params: { jobId } }),
    expect: (marks, jobId) => ({ ...marks, saved: without(marks.saved, jobId) }),
    invalidates: [candidateKeys.savedJobs],
  });
}

export function useHideJob() {
  return useMarkChange({
    request: (jobId) => callOperation("hideJob", { body: { job_id: jobId } }),
    expect: (marks, jobId) => ({
      ...marks,
      hidden: withId(marks.hidden, jobId),
      saved: without(marks.saved, jobId),
    }),
    invalidates: [candidateKeys.hiddenJobs, candidateKeys.savedJobs],
  });
}

export function useUnhideJob() {
  return useMarkChange({
    request: (jobId) => callOperation("unhideJob", { params: { jobId } }),
    expect: (marks, jobId) => ({ ...marks, hidden: without(marks.hidden, jobId) }),
    invalidates: [candidateKeys.hiddenJobs],
  });
}

export function useApplyToJob() {
  return useMarkChange({
    request: (jobId) => callOperation("applyToJob", { body: { job_id: jobId } }),
    expect: (marks, jobId) => ({
      ...marks,
      applications: {
        ...marks.applications,
        [jobId]: marks.applications[jobId] ?? { id: 0, status: "applied" },
      },
    }),
    invalidates: [candidateKeys.applications],
  });
}

export const useApplications = () =>
  usePersonalQuery({
    queryKey: candidateKeys.applications,
    operation: "listApplications",
    select: (data: ApiAnswer<"listApplications">) => data.applications,
  });

/** Moves an application to another status, shown at once in the list. */
export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ApplicationStatus }) =>
      callOperation("updateApplication", { params: { applicationId: id }, body: { status } }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: candidateKeys.applications });
      const before = queryClient.getQueryData<ApiAnswer<"listApplications">>(
        candidateKeys.applications,
      );
      if (before) {
        queryClient.setQueryData(candidateKeys.applications, {
          applications: before.applications.map((application) =>
            application.id === id ? { ...application, status } : application,
          ),
        });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(candidateKeys.applications, context.before);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: candidateKeys.applications }),
        queryClient.invalidateQueries({ queryKey: candidateKeys.marks }),
      ]),
  });
}

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callOperation("deleteApplication", { params: { applicationId: id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: candidateKeys.applications }),
        queryClient.invalidateQueries({ queryKey: candidateKeys.marks }),
      ]),
  });
}
