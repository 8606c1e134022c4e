import type { AssignableRole } from "@/lib/auth/company-roles";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import type { User } from "@/lib/server/db/schema";
import type { RateLimit } from "@/lib/server/http/rate-limit";
import { withMail } from "@/lib/server/queue/queue";
import {
  acceptTeamInvitation,
  changeMemberRole,
  handOverCompany,
  inviteMember,
  leaveCompany,
  removeMember,
  resendInvitation,
  withdrawInvitation,
} from "./team";

/*
 * The team's changes as the API makes them (issue 44): each in one transaction with the mail it
 * sends (an invitation, a role change, a removal, a handover), queued only if the change commits.
 */

const team = <T>(promise: Promise<T>) => promise.then((result) => ({ team: result }));

export const inviteAndTell = (
  db: Database,
  caller: Employer,
  email: string,
  role: AssignableRole,
) => team(withMail(db, (tx) => inviteMember(tx, caller, { email, role })));

export const resendAndTell = (db: Database, caller: Employer, invitationId: number) =>
  team(withMail(db, (tx) => resendInvitation(tx, caller, invitationId)));

export const withdraw = (db: Database, caller: Employer, invitationId: number) =>
  team(db.transaction((tx) => withdrawInvitation(tx, caller, invitationId)));

export const changeRoleAndTell = (
  db: Database,
  caller: Employer,
  memberId: number,
  role: AssignableRole,
) => team(withMail(db, (tx) => changeMemberRole(tx, caller, memberId, role)));

export const removeAndTell = (db: Database, caller: Employer, memberId: number) =>
  team(withMail(db, (tx) => removeMember(tx, caller, memberId)));

export const leave = (db: Database, caller: Employer) =>
  db.transaction((tx) => leaveCompany(tx, caller));

export const handOverAndTell = (db: Database, caller: Employer, memberId: number) =>
  team(withMail(db, (tx) => handOverCompany(tx, caller, memberId)));

export const accept = (db: Database, user: User, token: string) =>
  team(db.transaction((tx) => acceptTeamInvitation(tx, user, token)));

/** Tokens tried per person: enough for a few links, never a guessing machine. */
export const INVITATION_LOOKUP_LIMIT: RateLimit = {
  name: "invitation-lookups",
  points: 30,
  seconds: 60 * 60,
  message: "Too many invitation links tried from your account. Try again later.",
};
