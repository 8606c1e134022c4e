import { keepPreviousData, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import toast from "react-hot-toast";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { EnquiryStatus } from "@/features/enquiries/status";
import type { AuditSubjectType } from "@/features/moderation/schemas";

/*
 * The moderators' tools on /review beyond the review queue: the counts, live listings and their
 * take-down, the enquiries inbox and the audit log. Each is asked for only by someone the server
 * says moderates.
 */

export const moderationKeys = {
  all: ["admin"] as const,
  counts: ["admin", "counts"] as const,
  live: (q: string, page: number, needs?: "countries") =>
    ["admin", "listings", q, page, needs ?? "all"] as const,
  liveAll: ["admin", "listings"] as const,
  enquiries: (status: EnquiryStatus, page: number) => ["admin", "enquiries", status, page] as const,
  enquiriesAll: ["admin", "enquiries"] as const,
  audit: (filter: AuditFilter, before: number | null) =>
    ["admin", "audit", filter, before] as const,
  auditAll: ["admin", "audit"] as const,
};

export type AuditFilter = { subject_type?: AuditSubjectType; subject_id?: number };

/** What waits: listings in review and awaiting payment, edits, new enquiries. */
export function useModerationCounts(enabled: boolean) {
  return usePersonalQuery({
    queryKey: moderationKeys.counts,
    operation: "getModerationCounts",
    enabled,
  });
}

/** A page of live listings, found by `q` (title, company or id). */
export function useLiveListings(q: string, page: number, needs?: "countries") {
  return usePersonalQuery({
    queryKey: moderationKeys.live(q, page, needs),
    operation: "listLiveListings",
    query: { ...(q ? { q } : {}), page, ...(needs ? { needs } : {}) },
    placeholderData: keepPreviousData,
  });
}

/** Takes a live listing down with a reason; lists and counts are read again afterwards. */
export function useTakeDownListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; title: string; reason: string }) =>
      callOperation("takeDownListing", { params: { listingId: id }, body: { reason } }),
    onSuccess: (_, { title }) => {
      toast.success(`Taken down: ${title}`);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.liveAll }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.auditAll }),
      ]),
  });
}

/** A page of the enquiries inbox in one status, each with its replies. */
export function useEnquiries(status: EnquiryStatus, page: number) {
  return usePersonalQuery({
    queryKey: moderationKeys.enquiries(status, page),
    operation: "listEnquiries",
    query: { status, page },
    placeholderData: keepPreviousData,
  });
}

function useRefreshEnquiries() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moderationKeys.enquiriesAll }),
      queryClient.invalidateQueries({ queryKey: moderationKeys.counts }),
      queryClient.invalidateQueries({ queryKey: moderationKeys.auditAll }),
    ]);
}

/** Answers an enquiry: mailed to its sender, and the enquiry is marked replied. */
export function useReplyToEnquiry() {
  const refresh = useRefreshEnquiries();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; name: string; body: string }) =>
      callOperation("replyToEnquiry", { params: { enquiryId: id }, body: { body } }),
    onSuccess: (_, { name }) => {
      toast.success(`Reply sent to ${name}`);
    },
    onSettled: refresh,
  });
}

/** Closes an enquiry or opens it again. */
export function useSetEnquiryStatus() {
  const refresh = useRefreshEnquiries();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; name: string; status: EnquiryStatus }) =>
      callOperation("updateEnquiry", { params: { enquiryId: id }, body: { status } }),
    onSuccess: (_, { name, status }) => {
      toast.success(status === "closed" ? `Closed: ${name}` : `Opened again: ${name}`);
    },
    onSettled: refresh,
  });
}

/** A page of the audit log: newest first, older pages by the last entry seen. */
export function useAuditLog(filter: AuditFilter, before: number | null) {
  return usePersonalQuery({
    queryKey: moderationKeys.audit(filter, before),
    operation: "listAuditLog",
    query: { ...filter, ...(before ? { before } : {}) },
    placeholderData: keepPreviousData,
  });
}

/** After a decision in the review queue: the counts, live listings and audit log change too. */
export function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.counts }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.auditAll }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.liveAll }),
      ]),
    [queryClient],
  );
}
