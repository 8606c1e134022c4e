import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { listingKeys } from "@/lib/query-keys";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApplicationStage } from "@/features/applications/constants";
import type { ApiBody } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { saveFile } from "@/lib/save-file";

/*
 * The employer's applicant pipeline of one listing (issue 27). Under the listing's own key, so
 * that what invalidates the employer's listings reads the pipeline again too.
 */

export const applicantKeys = {
  all: (listingId: number) => [...listingKeys.one(listingId), "applicants"] as const,
  list: (listingId: number, stage: ApplicationStage | null) =>
    [...applicantKeys.all(listingId), "list", stage ?? "all"] as const,
  one: (listingId: number, applicationId: number) =>
    [...applicantKeys.all(listingId), "one", applicationId] as const,
  cv: (listingId: number, applicationId: number) =>
    [...applicantKeys.all(listingId), "cv", applicationId] as const,
};

/** A listing's applicants (in `stage`, or all), with how many are in each stage. */
export function useApplicants(listingId: number | null, stage: ApplicationStage | null) {
  return usePersonalQuery({
    queryKey: applicantKeys.list(listingId ?? 0, stage),
    operation: "listApplicants",
    params: { listingId: listingId ?? 0 },
    query: stage ? { stage } : undefined,
    enabled: listingId !== null,
    // Switching tabs shows the last list until the next arrives, not a spinner.
    placeholderData: (previous) => previous,
  });
}

/** One applicant, whole: answers, links, cover note, notes. */
export function useApplicant(listingId: number, applicationId: number | null) {
  return usePersonalQuery({
    queryKey: applicantKeys.one(listingId, applicationId ?? 0),
    operation: "getApplicant",
    params: { listingId: listingId, applicationId: applicationId ?? 0 },
    enabled: applicationId !== null,
  });
}

/**
 * An applicant's CV as a Blob, fetched with the bearer token like every other call (an address
 * the iframe could load by itself would have to carry the token, and end up in logs and history).
 */
export function useApplicantCv(listingId: number, applicationId: number, enabled: boolean) {
  const { token } = useAuth();
  return useQuery({
    queryKey: applicantKeys.cv(listingId, applicationId),
    queryFn: () =>
      callOperation("getApplicantCv", {
        params: { listingId: listingId, applicationId },
        config: { responseType: "blob", headers: { Accept: "application/pdf" } },
      }),
    enabled: Boolean(token) && enabled,
    // The file never changes; kept briefly, as it is personal data held in memory.
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

/**
 * Moves an applicant to a stage, with a message the candidate is mailed for some stages. The
 * panel says it beside its button (a toast covered the forms below it: issue 42).
 */
export function useMoveApplicant(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal (a member removed meanwhile, a role that only reads) is said beside the button.
    meta: { showsError: true },
    mutationFn: ({ id, stage, message }: ApiBody<"moveApplicant"> & { id: number }) =>
      callOperation("moveApplicant", {
        params: { listingId: listingId, applicationId: id },
        body: { stage, message },
      }),
    onSuccess: (answer, { id }) =>
      queryClient.setQueryData(applicantKeys.one(listingId, id), answer),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: [...applicantKeys.all(listingId), "list"] }),
  });
}

/** Sets several applicants Not selected at once, each mailed the one message. */
export function useRejectApplicants(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"rejectApplicants">) =>
      callOperation("rejectApplicants", { params: { listingId: listingId }, body }),
    onSuccess: ({ applicants }) => {
      const n = applicants.length;
      toast.success(`${n} ${n === 1 ? "applicant" : "applicants"} not selected`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicantKeys.all(listingId) }),
  });
}

/**
 * Adds a private note to an applicant. Said beside the form ("Added"), not in a toast: one at the
 * bottom of the screen covered the form it answered (issue 42).
 */
export function useAddApplicantNote(listingId: number, applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"addApplicantNote">) =>
      callOperation("addApplicantNote", {
        params: { listingId: listingId, applicationId },
        body,
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: applicantKeys.one(listingId, applicationId) }),
  });
}

/** Writes to an applicant: the message joins their conversation and is mailed to them. */
export function useWriteToCandidate(listingId: number, applicationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<"writeToCandidate">) =>
      callOperation("writeToCandidate", {
        params: { listingId: listingId, applicationId },
        body,
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: applicantKeys.one(listingId, applicationId) }),
  });
}

/**
 * Downloads the listing's applicants as CSV: fetched with the token, then saved through a
 * temporary link to a Blob, since a plain link could not send the token.
 */
export function useExportApplicants(listingId: number) {
  return useMutation({
    mutationFn: () =>
      callOperation("exportApplicants", {
        params: { listingId: listingId },
        config: { responseType: "blob", headers: { Accept: "text/csv" } },
      }),
    onSuccess: (blob) => saveFile(blob, `applicants-${listingId}.csv`),
  });
}
