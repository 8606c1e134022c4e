import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { errorCode, serverMessage } from "@/lib/form-errors";
import { hasFieldErrors, showSuccessToast } from "@/lib/error-toast";
import { NO_LIVE_LISTING } from "@/features/directory/directory";

/*
 * The candidate directory as employers use it (issue 47): the search on /listings/candidates, a
 * profile opened on /listings/candidates/{key} (one of the company's 200 views a day), an
 * invitation to apply sent from there, and the company's invitations with their answers. What
 * the API refuses with a sentence (no live listing yet, a profile not there, the day's limit) is
 * an answer the screens show, not a failure to toast.
 */

export type DirectoryPage = ApiAnswer<"searchDirectory">;
export type DirectoryCard = DirectoryPage["profiles"][number];
export type DirectoryQuota = DirectoryPage["views"];
export type DirectoryProfile = ApiAnswer<"openDirectoryProfile">["profile"];
export type SentInvitation = ApiAnswer<"listSentInvitations">["invitations"][number];
export type InvitationRequest = ApiBody<"inviteCandidate">;

export const directoryKeys = {
  all: ["directory"] as const,
  searches: ["directory", "search"] as const,
  search: (query: Record<string, string>) => ["directory", "search", query] as const,
  profile: (key: string) => ["directory", "profile", key] as const,
  sent: ["directory", "sent"] as const,
};

/** Why the company cannot use the directory: it is in no company, or has had no live listing. */
export type DirectoryRefusal =
  { state: "no_company" } | { state: "no_live_listing"; message: string };

/** 404 on a search means the caller is in no company; 403, that it has had no live listing. */
function refusalOf(error: unknown): DirectoryRefusal | null {
  if (errorCode(error) === "forbidden") {
    return { state: "no_live_listing", message: serverMessage(error, NO_LIVE_LISTING) };
  }
  if (errorCode(error) === "not_found") return { state: "no_company" };
  return null;
}

export type DirectorySearchAnswer =
  | { state: "page"; page: DirectoryPage }
  | DirectoryRefusal
  /** The address holds a search the API cannot read (422): what is wrong with it. */
  | { state: "invalid"; messages: string[] };

/**
 * GET /api/company/talent with the filters in the page's address, once signed in: a search
 * costs no profile view. The last page stays on screen while the next one comes.
 */
export function useDirectorySearch(query: Record<string, string>) {
  const { token } = useAuth();
  return useQuery({
    queryKey: directoryKeys.search(query),
    queryFn: async (): Promise<DirectorySearchAnswer> => {
      try {
        const page = await callOperation("searchDirectory", { query });
        return { state: "page", page };
      } catch (error) {
        if (hasFieldErrors(error)) {
          return { state: "invalid", messages: Object.values(error.errors).flat() };
        }
        const refusal = refusalOf(error);
        if (refusal) return refusal;
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    enabled: Boolean(token),
  });
}

/** The next midnight UTC, when the day's allowances start again. */
export function nextUtcMidnight(now: Date = new Date()): string {
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1),
  ).toISOString();
}

export type DirectoryProfileAnswer =
  | { state: "profile"; answer: ApiAnswer<"openDirectoryProfile"> }
  | { state: "not_found" }
  /** The company's views for today are used: `resets_at` is when they start again. */
  | { state: "limit"; message: string; resets_at: string }
  | DirectoryRefusal;

/**
 * GET /api/company/talent/{key}: opening a profile takes one of the company's views for today
 * (again the same day, none), so it is asked once and not on every focus. The search's pages,
 * which say what was opened today and what is left, are read again when next shown.
 */
export function useDirectoryProfile(key: string | null) {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: directoryKeys.profile(key ?? ""),
    queryFn: async (): Promise<DirectoryProfileAnswer> => {
      try {
        const answer = await callOperation("openDirectoryProfile", { params: { key: key ?? "" } });
        void queryClient.invalidateQueries({ queryKey: directoryKeys.searches });
        return { state: "profile", answer };
      } catch (error) {
        const code = errorCode(error);
        if (code === "rate_limited") {
          return {
            state: "limit",
            message: serverMessage(error, "Your company has opened its profiles for today"),
            resets_at: nextUtcMidnight(),
          };
        }
        // A hidden, stopped or deleted profile is 404, as is a company the caller is not in:
        // the profile's 404 is the likelier by far, and the no-company state shows on the search.
        if (code === "not_found") return { state: "not_found" };
        const refusal = refusalOf(error);
        if (refusal) return refusal;
        throw error;
      }
    },
    enabled: Boolean(token) && key !== null,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/**
 * POST /api/company/talent/{key}/invitations: the candidate is mailed. The invitation joins the
 * profile's list of this company's invitations at once, with what is left of today's; refusals
 * (409, 410, 429, a 422 on the listing or the message) are the form's to show.
 */
export function useInviteCandidate(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    mutationFn: (request: InvitationRequest) =>
      callOperation("inviteCandidate", { params: { key }, body: request }),
    onSuccess: ({ invitation, invitations_today }) => {
      queryClient.setQueryData<DirectoryProfileAnswer>(directoryKeys.profile(key), (old) =>
        old?.state === "profile"
          ? {
              state: "profile",
              answer: {
                ...old.answer,
                invitations: invitations_today,
                profile: {
                  ...old.answer.profile,
                  invitations: [invitation, ...old.answer.profile.invitations],
                },
              },
            }
          : old,
      );
      showSuccessToast(
        `Invitation sent${invitation.candidate ? ` to ${invitation.candidate.name}` : ""}`,
      );
      void queryClient.invalidateQueries({ queryKey: directoryKeys.sent });
      void queryClient.invalidateQueries({ queryKey: directoryKeys.searches });
    },
  });
}

/** GET /api/company/talent_invitations: the company's invitations, newest first. */
export function useSentInvitations(enabled = true) {
  return usePersonalQuery({
    queryKey: directoryKeys.sent,
    operation: "listSentInvitations",
    enabled,
  });
}
