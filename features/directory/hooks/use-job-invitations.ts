import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { showSuccessToast } from "@/lib/error-toast";

/*
 * The candidate's side of the directory (issue 47): the invitations to apply they were sent, on
 * /invitations, and on /settings the companies that opened their profile and those they stopped.
 * Who sees the profile at all is the current user's `profile_visibility` (use-current-user.ts).
 * Refusals of an answer (a job that closed meanwhile) are the screens' to show beside it.
 */

export type ReceivedInvitation = ApiAnswer<"listReceivedInvitations">["invitations"][number];
export type DeclineRequest = ApiBody<"declineInvitation">;
export type BlockedCompany = ApiAnswer<"listBlockedCompanies">["companies"][number];
export type ProfileView = ApiAnswer<"listProfileViews">["views"][number];

export const jobInvitationKeys = {
  received: ["job_invitations"] as const,
  blocked: ["blocked_companies"] as const,
  views: ["profile", "views"] as const,
};

/** GET /api/job_invitations: the caller's invitations, newest first. */
export function useReceivedInvitations() {
  return usePersonalQuery<"listReceivedInvitations", ReceivedInvitation[]>({
    queryKey: jobInvitationKeys.received,
    operation: "listReceivedInvitations",
    select: (data) => data.invitations,
  });
}

/** Puts an invitation as the API now answers it in the list. */
function useReplaceInvitation() {
  const queryClient = useQueryClient();
  return (invitation: ReceivedInvitation) =>
    queryClient.setQueryData<ApiAnswer<"listReceivedInvitations">>(
      jobInvitationKeys.received,
      (old) =>
        old && {
          invitations: old.invitations.map((each) =>
            each.id === invitation.id ? invitation : each,
          ),
        },
    );
}

/**
 * POST /api/job_invitations/{id}/accept: answers where the job's apply form opens; the screen
 * goes there. A job closed meanwhile (410) or a declined invitation (409) is said beside it.
 */
export function useAcceptInvitation() {
  const replace = useReplaceInvitation();
  return useMutation({
    meta: { showsError: true },
    mutationFn: (invitation: ReceivedInvitation) =>
      callOperation("acceptJobInvitation", { params: { invitationId: invitation.id } }),
    onSuccess: ({ invitation }) => replace(invitation),
  });
}

/**
 * POST /api/job_invitations/{id}/decline, with a reason the employer reads if given; stopping
 * the company also hides the profile from it, which the stopped companies on /settings list.
 */
export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  const replace = useReplaceInvitation();
  return useMutation({
    meta: { showsError: true },
    mutationFn: ({
      invitation,
      decline,
    }: {
      invitation: ReceivedInvitation;
      decline: DeclineRequest;
    }) =>
      callOperation("declineInvitation", {
        params: { invitationId: invitation.id },
        body: decline,
      }),
    onSuccess: ({ invitation }, { decline }) => {
      replace(invitation);
      showSuccessToast(
        decline.stop_company
          ? `Declined; ${invitation.company.name} can no longer find or invite you`
          : "Invitation declined",
      );
      if (decline.stop_company) {
        // Its other invitations say it is stopped too.
        void queryClient.invalidateQueries({ queryKey: jobInvitationKeys.received });
        void queryClient.invalidateQueries({ queryKey: jobInvitationKeys.blocked });
      }
    },
  });
}

/** GET /api/blocked_companies: the companies the caller stopped. */
export function useBlockedCompanies() {
  return usePersonalQuery<"listBlockedCompanies", BlockedCompany[]>({
    queryKey: jobInvitationKeys.blocked,
    operation: "listBlockedCompanies",
    select: (data) => data.companies,
  });
}

/** DELETE /api/blocked_companies/{id}: the company may find and invite the caller again. */
export function useUnblockCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (company: BlockedCompany) =>
      callOperation("unblockCompany", { params: { companyId: company.id } }),
    onSuccess: (answer, company) => {
      queryClient.setQueryData(jobInvitationKeys.blocked, answer);
      showSuccessToast(`${company.name} can find and invite you again`);
      void queryClient.invalidateQueries({ queryKey: jobInvitationKeys.received });
    },
  });
}

/** GET /api/profile/views: the companies that opened the caller's profile in the last 30 days. */
export function useProfileViews() {
  return usePersonalQuery<"listProfileViews", ProfileView[]>({
    queryKey: jobInvitationKeys.views,
    operation: "listProfileViews",
    select: (data) => data.views,
  });
}
