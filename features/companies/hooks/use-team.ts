import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { currentUserKeys } from "@/hooks/use-current-user";
import { listingKeys } from "@/lib/query-keys";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { ROLE_LABELS, type AssignableRole } from "@/lib/auth/company-roles";
import { hasFieldErrors } from "@/lib/error-toast";
import { errorCode, isRefusal, serverMessage } from "@/lib/form-errors";

/*
 * A company's team (issue 44): its members and their roles, the invitations, the handover, the
 * activity page, and an invitation's link. Each change answers the whole team as it now is, which
 * goes into the cache as it is: every screen shows it at once.
 */

/** The caller's team, as GET /api/company/team answers it. */
export type Team = ApiAnswer<"getTeam">["team"];
export type TeamMember = Team["members"][number];
export type PendingInvitation = Team["invitations"][number];
export type ActivityPage = ApiAnswer<"getCompanyActivity">;
export type ActivityEntry = ActivityPage["entries"][number];
export type InvitationPreview = ApiAnswer<"previewInvitation">["invitation"];

export const teamKeys = {
  team: ["team"] as const,
  activity: ["team", "activity"] as const,
  /** Kept in this tab's memory only, like the token itself (never in an address). */
  invitation: (token: string) => ["invitation", token] as const,
};

/**
 * GET /api/company/team, once signed in. Someone in no company (before their first listing, or
 * since they left or were removed) gets 404: that is an answer (null), not a failure to toast.
 */
export function useTeam() {
  const { token } = useAuth();
  return useQuery({
    queryKey: teamKeys.team,
    queryFn: async (): Promise<Team | null> => {
      try {
        return (await callOperation("getTeam")).team;
      } catch (error) {
        if (errorCode(error) === "not_found") return null;
        throw error;
      }
    },
    enabled: Boolean(token),
  });
}

/**
 * A change to the team that answers `{ team }`: the answer goes into the cache, the activity is
 * read again when next shown, and a toast says what was done. Refusals (a 409's sentence, a
 * field error) are the screen's to show beside what was pressed.
 */
function useTeamChange<V>(
  send: (variables: V) => Promise<{ team: Team }>,
  said: (variables: V, team: Team) => string,
  { userChanged = false } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { showsError: true },
    onSuccess: ({ team }, variables) => {
      queryClient.setQueryData(teamKeys.team, team);
      void queryClient.invalidateQueries({ queryKey: teamKeys.activity });
      // The caller's own role is in the current user too (links, what /listings offers).
      if (userChanged) void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
      toast.success(said(variables, team));
    },
  });
}

/** POST /api/company/invitations: the invitation is mailed with its link. */
export function useInviteMember() {
  return useTeamChange(
    (invitation: ApiBody<"inviteMember">["invitation"]) =>
      callOperation("inviteMember", { body: { invitation } }),
    ({ email }) => `Invitation sent to ${email}`,
  );
}

/** POST /api/company/invitations/{id}/resend: a new link for 7 days; the old one dies. */
export function useResendInvitation() {
  return useTeamChange(
    (invitation: PendingInvitation) =>
      callOperation("resendInvitation", { params: { invitationId: invitation.id } }),
    ({ email }) => `Invitation sent again to ${email}`,
  );
}

/** DELETE /api/company/invitations/{id}: its link no longer works. */
export function useWithdrawInvitation() {
  return useTeamChange(
    (invitation: PendingInvitation) =>
      callOperation("withdrawInvitation", { params: { invitationId: invitation.id } }),
    ({ email }) => `Invitation to ${email} withdrawn`,
  );
}

/** Who a member is, in a toast: their name, else their address. */
const nameOf = (member: Pick<TeamMember, "name" | "email">) =>
  member.name ?? member.email ?? "The member";

/** PATCH /api/company/members/{id}: another role, no higher than the caller's. */
export function useChangeMemberRole() {
  return useTeamChange(
    ({ member, role }: { member: TeamMember; role: AssignableRole }) =>
      callOperation("changeMemberRole", {
        params: { memberId: member.id },
        body: { member: { role } },
      }),
    ({ member, role }) => `${nameOf(member)} is now ${articled(ROLE_LABELS[role])}`,
  );
}

/** "an Admin", "a Recruiter". */
const articled = (label: string) => `${/^[AEIOU]/.test(label) ? "an" : "a"} ${label}`;

/** DELETE /api/company/members/{id}: out at their next request. */
export function useRemoveMember() {
  return useTeamChange(
    (member: TeamMember) => callOperation("removeMember", { params: { memberId: member.id } }),
    (member) => `${nameOf(member)} is no longer in the team`,
  );
}

/** POST /api/company/handover: an admin becomes the owner, and the caller an admin. */
export function useHandOverCompany() {
  return useTeamChange(
    (member: TeamMember) =>
      callOperation("handOverCompany", { body: { handover: { member_id: member.id } } }),
    (member, team) => `${nameOf(member)} now owns ${team.company.name}`,
    { userChanged: true },
  );
}

/** PATCH /api/company/membership: which new-applicant mail the caller gets. */
export function useUpdateMembership() {
  return useTeamChange(
    (membership: ApiBody<"updateMembership">["membership"]) =>
      callOperation("updateMembership", { body: { membership } }),
    () => "Your new-applicant mail is saved",
  );
}

/**
 * POST /api/company/leave. Afterwards the caller has no company: the team is gone from the cache
 * and their account and listings are read again.
 */
export function useLeaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: true },
    // The team is passed for what the toast says; the request names nobody.
    mutationFn: (team: Team) =>
      callOperation("leaveCompany").then((answer) => ({
        ...answer,
        company: team.company.name,
      })),
    onSuccess: ({ company }) => {
      queryClient.setQueryData(teamKeys.team, null);
      queryClient.removeQueries({ queryKey: teamKeys.activity });
      void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
      void queryClient.invalidateQueries({ queryKey: listingKeys.own });
      toast.success(`You left ${company}`);
    },
  });
}

/**
 * What the activity's first page answers: its entries, or why there are none to show. Only the
 * owner and admins may read it (403 for the others) and someone in no company gets 404: both
 * are answers the page explains, not failures to toast.
 */
export type ActivityAnswer =
  { state: "entries"; page: ActivityPage } | { state: "forbidden" | "no_company" };

/** GET /api/company/activity, newest first, a page at a time: `before` the last page's cursor. */
export function useCompanyActivity() {
  const { token } = useAuth();
  return useInfiniteQuery({
    queryKey: teamKeys.activity,
    queryFn: async ({ pageParam }): Promise<ActivityAnswer> => {
      try {
        const page = await callOperation("getCompanyActivity", {
          query: pageParam === null ? undefined : { before: pageParam },
        });
        return { state: "entries", page };
      } catch (error) {
        const code = errorCode(error);
        if (pageParam === null && code === "forbidden") return { state: "forbidden" };
        if (pageParam === null && code === "not_found") return { state: "no_company" };
        throw error;
      }
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.state === "entries" && last.page.next_before !== null
        ? last.page.next_before
        : undefined,
    enabled: Boolean(token),
  });
}

/**
 * What an invitation's link said when asked: what it offers, or the server's sentence for why it
 * cannot be used (404 not a valid link, 410 expired, used or withdrawn, 403 another address,
 * 409 already in a company). A refused link is what the page is about, not a failure to toast.
 */
export type InvitationAnswer<T> = { ok: T } | { refused: string; code: string | undefined };

/** The server saying no, in a sentence for people: 403, 404, 409, 410, or a malformed token. */
const refused = (error: unknown) => isRefusal(error) || hasFieldErrors(error);

/** The sentence: a 422's is on its field (`token`), the others' in `error`. */
const refusalOf = (error: unknown) => ({
  refused: hasFieldErrors(error)
    ? Object.values(error.errors).flat().join(" ")
    : serverMessage(error, "This invitation cannot be used."),
  code: errorCode(error),
});

/**
 * POST /api/invitations/preview with the link's token in the body (never in an address), once
 * signed in: the company, the role, who invited and the address it was sent to.
 */
export function useInvitationPreview(token: string | null) {
  const { token: idToken } = useAuth();
  return useQuery({
    queryKey: teamKeys.invitation(token ?? ""),
    queryFn: async (): Promise<InvitationAnswer<InvitationPreview>> => {
      try {
        const answer = await callOperation("previewInvitation", { body: { token: token ?? "" } });
        return { ok: answer.invitation };
      } catch (error) {
        if (refused(error)) return refusalOf(error);
        throw error;
      }
    },
    enabled: Boolean(idToken) && token !== null,
    // What a link offers changes only when someone acts on it; this page says so when they do.
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * POST /api/invitations/accept: the caller joins the company with the invitation's role. Their
 * account (its company and role), their listings and the team are then read afresh.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<InvitationAnswer<Team>> => {
      try {
        const answer = await callOperation("acceptTeamInvitation", { body: { token } });
        return { ok: answer.team };
      } catch (error) {
        if (refused(error)) return refusalOf(error);
        throw error;
      }
    },
    onSuccess: (answer) => {
      if (!("ok" in answer)) return;
      queryClient.setQueryData(teamKeys.team, answer.ok);
      void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
      void queryClient.invalidateQueries({ queryKey: listingKeys.own });
      toast.success(`You joined ${answer.ok.company.name}`);
    },
  });
}
