import type { BoardRole } from "@/lib/auth/board-roles";
import type { Moderator } from "@/lib/server/auth/caller";
import type { Database } from "@/lib/server/db/client";
import type { User } from "@/lib/server/db/schema";
import { withMail } from "@/lib/server/queue/queue";
import {
  acceptBoardInvitation,
  boardTeamOf,
  changeBoardRole,
  inviteToBoard,
  previewBoardInvitation,
  removeBoardMember,
  resendBoardInvitation,
  withdrawBoardInvitation,
} from "./board-team";

/*
 * The board's team's changes as the API makes them (issue 64): each in one transaction, an
 * invitation, a resent one, a role change and a removal with their mail (queued only if the
 * change commits).
 */

const team = <T>(promise: Promise<T>) => promise.then((result) => ({ team: result }));

export const boardTeam = (db: Database, moderator: Moderator) => team(boardTeamOf(db, moderator));

export const inviteToBoardAndTell = (
  db: Database,
  moderator: Moderator,
  invitation: { email: string; role: BoardRole },
) => team(withMail(db, (tx) => inviteToBoard(tx, moderator, invitation)));

export const resendBoardInvitationAndTell = (
  db: Database,
  moderator: Moderator,
  invitationId: number,
) => team(withMail(db, (tx) => resendBoardInvitation(tx, moderator, invitationId)));

export const withdrawFromBoard = (db: Database, moderator: Moderator, invitationId: number) =>
  team(db.transaction((tx) => withdrawBoardInvitation(tx, moderator, invitationId)));

export const changeRoleOnBoard = (
  db: Database,
  moderator: Moderator,
  memberId: number,
  role: BoardRole,
) => team(withMail(db, (tx) => changeBoardRole(tx, moderator, memberId, role)));

export const removeFromBoard = (db: Database, moderator: Moderator, memberId: number) =>
  team(withMail(db, (tx) => removeBoardMember(tx, moderator, memberId)));

export const previewForBoard = async (db: Database, user: User, token: string) => ({
  invitation: await previewBoardInvitation(db, user, token),
});

export const joinBoard = (db: Database, user: User, token: string) =>
  db.transaction((tx) => acceptBoardInvitation(tx, user, token));
