import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import toast from "react-hot-toast";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { currentUserKeys } from "@/hooks/use-current-user";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";
import { useAuth } from "@/lib/auth/auth-context";
import { BOARD_ROLE_LABELS, type BoardRole } from "@/lib/auth/board-roles";

/*
 * The board's own team (issue 64) on /review/team: its members, invitations, role changes and
 * removals (owners only, as the API says), and accepting an invitation's link on /review/join.
 * Each change answers the whole team, which goes into the cache as it is.
 */

export type BoardTeam = ApiAnswer<"getBoardTeam">["team"];
export type BoardTeamMember = BoardTeam["members"][number];
export type BoardTeamInvitation = BoardTeam["invitations"][number];

export const boardTeamKeys = { team: ["admin", "board-team"] as const };

/** GET /api/moderation/team. */
export function useBoardTeam(enabled: boolean) {
  return usePersonalQuery({ queryKey: boardTeamKeys.team, operation: "getBoardTeam", enabled });
}

/** A change answering `{ team }`: into the cache, with a toast saying what was done. */
function useBoardTeamChange<V>(
  send: (variables: V) => Promise<{ team: BoardTeam }>,
  said: (variables: V) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { showsError: true },
    onSuccess: ({ team }, variables) => {
      queryClient.setQueryData(boardTeamKeys.team, { team });
      // One's own role may have changed: the links /review shows follow it.
      void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
      toast.success(said(variables));
    },
  });
}

/** POST /api/moderation/team/invitations: the invitation is mailed with its link. */
export const useInviteToBoard = () =>
  useBoardTeamChange(
    (invitation: ApiBody<"inviteToBoard">["invitation"]) =>
      callOperation("inviteToBoard", { body: { invitation } }),
    (invitation) => `Invitation sent to ${invitation.email}`,
  );

/** POST /api/moderation/team/invitations/{id}/resend: a new link for 7 days, the old one dead. */
export const useResendBoardInvitation = () =>
  useBoardTeamChange(
    (invitation: BoardTeamInvitation) =>
      callOperation("resendBoardInvitation", { params: { invitationId: invitation.id } }),
    (invitation) => `Invitation sent again to ${invitation.email}`,
  );

/** DELETE /api/moderation/team/invitations/{id}: its link no longer works. */
export const useWithdrawBoardInvitation = () =>
  useBoardTeamChange(
    (invitation: BoardTeamInvitation) =>
      callOperation("withdrawBoardInvitation", { params: { invitationId: invitation.id } }),
    (invitation) => `Invitation to ${invitation.email} withdrawn`,
  );

/** PATCH /api/moderation/team/members/{id}: another role, from their next request. */
export const useChangeBoardRole = () =>
  useBoardTeamChange(
    ({ member, role }: { member: BoardTeamMember; role: BoardRole }) =>
      callOperation("changeBoardRole", {
        params: { memberId: member.id },
        body: { member: { role } },
      }),
    ({ member, role }) => `${member.name ?? member.email} is now ${BOARD_ROLE_LABELS[role]}`,
  );

/** DELETE /api/moderation/team/members/{id}: out from their next request. */
export const useRemoveBoardMember = () =>
  useBoardTeamChange(
    (member: BoardTeamMember) =>
      callOperation("removeBoardMember", { params: { memberId: member.id } }),
    (member) => `${member.name ?? member.email} removed from the team`,
  );

/** POST /api/board_invitations/preview: what the link offers (its refusal is the page's to say). */
export function useBoardInvitationPreview(token: string | null) {
  const { token: idToken } = useAuth();
  return useQuery({
    queryKey: ["board-invitation", token ?? ""],
    queryFn: async () =>
      (await callOperation("previewBoardInvitation", { body: { token: token ?? "" } })).invitation,
    enabled: Boolean(idToken) && token !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/board_invitations/accept: joins the board's team with the invitation's role. */
export function useAcceptBoardInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callOperation("acceptBoardInvitation", { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKeys.all }),
  });
}
