// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/lib/validation/fields";
import {
  acceptInvitationAnswerSchema,
  blockedCompaniesAnswerSchema,
  declineInputSchema,
  directoryFiltersSchema,
  directoryPageSchema,
  directoryProfileAnswerSchema,
  invitationInputSchema,
  profileKeySegment,
  profileViewsAnswerSchema,
  receivedInvitationSchema,
  receivedInvitationsAnswerSchema,
  sentInvitationSchema,
  sentInvitationsAnswerSchema,
  quotaSchema,
} from "@/features/directory/directory-schemas";
import { operation } from "@/lib/api/operation";

export const profileParams = z.strictObject({ key: profileKeySegment });
const invitationParams = z.strictObject({ invitationId: idSegment("Invitation") });

/**
 * The candidate directory (issue 47): employers search public and employers-only profiles,
 * open them (200 a day per company) and invite candidates to apply (20 a day per company); the
 * candidate answers, stops a company, and sees who looked. Spread into `operations`.
 *
 * An employer's company must have had a listing live on the board (403 otherwise). A hidden
 * profile, one whose candidate stopped the company, and a deleted one are 404, as if none.
 */
export const directoryOperations = {
  searchDirectory: operation({
    method: "GET",
    path: "/api/company/talent",
    summary: "Search the candidates who let employers find them",
    description:
      "The board's keyword search (relevance, typo correction, counts) over public and employers-only profiles. Searching costs no profile view. 403 until the company has had a listing live.",
    access: "employer",
    employer: { role: "viewer" },
    query: directoryFiltersSchema,
    answers: { 200: directoryPageSchema },
    errors: [403],
  }),
  openDirectoryProfile: operation({
    method: "GET",
    path: "/api/company/talent/{key}",
    summary: "Open a candidate's profile: one of the company's 200 profile views today",
    description:
      "A profile opened again the same day (UTC) costs nothing. 429 when the day's views are used; 404 for a profile the company may not see.",
    access: "employer",
    employer: { role: "viewer" },
    params: profileParams,
    answers: { 200: directoryProfileAnswerSchema },
    errors: [403, 404],
  }),
  inviteCandidate: operation({
    method: "POST",
    path: "/api/company/talent/{key}/invitations",
    summary: "Invite a candidate to apply to one of the company's live listings",
    description:
      "The candidate is mailed (on the queue). 409 for a second invitation to the same listing, 410 when they take no invitations, 429 when the company's 20 invitations today are sent; 422 on `job_id` for a listing that is not the company's or not live.",
    access: "employer",
    employer: { role: "recruiter" },
    params: profileParams,
    body: invitationInputSchema,
    answers: {
      201: z.strictObject({ invitation: sentInvitationSchema, invitations_today: quotaSchema }),
    },
    errors: [403, 404, 409, 410],
  }),
  listSentInvitations: operation({
    method: "GET",
    path: "/api/company/talent_invitations",
    summary: "The company's invitations to apply, newest first, with the candidates' answers",
    access: "employer",
    employer: { role: "viewer" },
    answers: { 200: sentInvitationsAnswerSchema },
  }),
  listReceivedInvitations: operation({
    method: "GET",
    path: "/api/job_invitations",
    summary: "The caller's invitations to apply, newest first",
    access: "user",
    answers: { 200: receivedInvitationsAnswerSchema },
  }),
  // A candidate's answer to an employer's invitation to apply; the team's is acceptTeamInvitation.
  acceptJobInvitation: operation({
    method: "POST",
    path: "/api/job_invitations/{invitationId}/accept",
    summary: "Accept an invitation: answers where its job's apply form opens",
    description:
      "The application made from there enters the pipeline marked invited. 410 when the job no longer takes applications; 409 when the invitation was declined.",
    access: "user",
    params: invitationParams,
    answers: { 200: acceptInvitationAnswerSchema },
    errors: [404, 409, 410],
  }),
  declineInvitation: operation({
    method: "POST",
    path: "/api/job_invitations/{invitationId}/decline",
    summary: "Decline an invitation, with a reason the employer sees if given",
    description: "`stop_company` also stops every invitation from its company.",
    access: "user",
    params: invitationParams,
    body: declineInputSchema,
    answers: { 200: z.strictObject({ invitation: receivedInvitationSchema }) },
    errors: [404, 409],
  }),
  listBlockedCompanies: operation({
    method: "GET",
    path: "/api/blocked_companies",
    summary: "The companies the caller stopped: they do not find, open or invite them",
    access: "user",
    answers: { 200: blockedCompaniesAnswerSchema },
  }),
  unblockCompany: operation({
    method: "DELETE",
    path: "/api/blocked_companies/{companyId}",
    summary: "Let a stopped company find and invite the caller again",
    access: "user",
    params: z.strictObject({ companyId: idSegment("Company") }),
    answers: { 200: blockedCompaniesAnswerSchema },
    errors: [404],
  }),
  listProfileViews: operation({
    method: "GET",
    path: "/api/profile/views",
    summary: "The companies that opened the caller's profile in the last 30 days",
    access: "user",
    answers: { 200: profileViewsAnswerSchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
