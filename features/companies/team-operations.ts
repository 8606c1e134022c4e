// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/lib/validation/fields";
import {
  activityPageSchema,
  activityQuerySchema,
  handoverBodySchema,
  invitationBodySchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  memberChangeBodySchema,
  membershipBodySchema,
  teamAnswerSchema,
} from "@/features/companies/team-schemas";
import { operation } from "@/lib/api/operation";

const memberParams = z.strictObject({ memberId: idSegment("Member") });
const invitationParams = z.strictObject({ invitationId: idSegment("Invitation") });

/**
 * A company's team (issue 44): its members and their roles, invitations, the handover and the
 * activity page. Each mutation answers the team as it now is. Spread into `operations`.
 */
export const teamOperations = {
  getTeam: operation({
    method: "GET",
    path: "/api/company/team",
    summary: "The caller's company team: members, roles, pending invitations (owner and admins)",
    access: "employer",
    employer: { role: "viewer" },
    answers: { 200: teamAnswerSchema },
  }),
  inviteMember: operation({
    method: "POST",
    path: "/api/company/invitations",
    summary: "Invite an address to the team with a role no higher than the caller's",
    description:
      "The mail carries a link valid 7 days. 409 when the address is already a member or invited (send that invitation again instead), when the team is full (50, pending invitations counted) or 20 invitations went out in the last 24 hours.",
    access: "employer",
    employer: { role: "admin" },
    body: invitationBodySchema,
    envelope: "invitation",
    answers: { 201: teamAnswerSchema },
    errors: [409],
  }),
  resendInvitation: operation({
    method: "POST",
    path: "/api/company/invitations/{invitationId}/resend",
    summary: "Send a pending invitation again: a new link for 7 days, the old link no longer works",
    access: "employer",
    employer: { role: "admin" },
    params: invitationParams,
    answers: { 200: teamAnswerSchema },
    errors: [409],
  }),
  withdrawInvitation: operation({
    method: "DELETE",
    path: "/api/company/invitations/{invitationId}",
    summary: "Withdraw a pending invitation: its link no longer works",
    access: "employer",
    employer: { role: "admin" },
    params: invitationParams,
    answers: { 200: teamAnswerSchema },
  }),
  changeMemberRole: operation({
    method: "PATCH",
    path: "/api/company/members/{memberId}",
    summary: "Give a member another role, no higher than the caller's (never owner: hand over)",
    access: "employer",
    employer: { role: "admin" },
    params: memberParams,
    body: memberChangeBodySchema,
    envelope: "member",
    answers: { 200: teamAnswerSchema },
    errors: [409],
  }),
  removeMember: operation({
    method: "DELETE",
    path: "/api/company/members/{memberId}",
    summary: "Remove a member: out at their next request; what they did stays with the company",
    access: "employer",
    employer: { role: "admin" },
    params: memberParams,
    answers: { 200: teamAnswerSchema },
    errors: [409],
  }),
  leaveCompany: operation({
    method: "POST",
    path: "/api/company/leave",
    summary: "Leave the company (the owner hands it over first)",
    access: "employer",
    employer: { role: "viewer" },
    answers: { 200: z.strictObject({ left: z.literal(true) }) },
    errors: [409],
  }),
  handOverCompany: operation({
    method: "POST",
    path: "/api/company/handover",
    summary:
      "Hand the company over to an admin, who becomes its owner; the caller becomes an admin",
    access: "employer",
    employer: { role: "owner" },
    body: handoverBodySchema,
    envelope: "handover",
    answers: { 200: teamAnswerSchema },
    errors: [409],
  }),
  updateMembership: operation({
    method: "PATCH",
    path: "/api/company/membership",
    summary: "The caller's own choices in the team: which new-applicant mail they get",
    access: "employer",
    employer: { role: "viewer" },
    body: membershipBodySchema,
    envelope: "membership",
    answers: { 200: teamAnswerSchema },
  }),
  getCompanyActivity: operation({
    method: "GET",
    path: "/api/company/activity",
    summary: "Who did what in the company, newest first: team, invitations, listings, stage moves",
    access: "employer",
    employer: { role: "admin" },
    query: activityQuerySchema,
    answers: { 200: activityPageSchema },
  }),
  previewInvitation: operation({
    method: "POST",
    path: "/api/invitations/preview",
    summary: "What an invitation's link offers: the company, the role, the address it was sent to",
    description:
      "The token travels in the body, never in an address. 404 for a link that is not (or no longer) valid, 410 once it expired, was used or was withdrawn.",
    access: "user",
    body: invitationTokenSchema,
    answers: { 200: z.strictObject({ invitation: invitationPreviewSchema }) },
    errors: [404, 410],
  }),
  acceptTeamInvitation: operation({
    method: "POST",
    path: "/api/invitations/accept",
    summary: "Join the company an invitation is for, with its role",
    description:
      "Only an account whose verified address is the invited one (403 otherwise: the invitation stays). 409 for someone already in a company, who is told which. 404 or 410 as for the preview.",
    access: "user",
    body: invitationTokenSchema,
    answers: { 200: teamAnswerSchema },
    errors: [403, 404, 409, 410],
  }),
} as const;
