/*
 * The link from an accepted invitation to apply (issue 47) to its job's apply form: a module of
 * its own, as small as it is, because the job page (a public page) reads it.
 */

/**
 * Where an accepted invitation sends the candidate: the job's page with its apply form opened,
 * the invitation carried in the fragment (`/jobs/12-editor#apply-invitation-7`). A fragment, not
 * a query parameter: it never reaches the server, so the job page's cached HTML stays one page.
 */
export const applyWithInvitation = (jobPagePath: string, invitationId: number) =>
  `${jobPagePath}#apply-invitation-${invitationId}`;

/** The invitation an address's fragment carries to the apply form, or null. */
export function invitationInFragment(hash: string): number | null {
  const match = /^#apply-invitation-([1-9]\d{0,9})$/.exec(hash);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}
