/*
 * A team member's name (the company's team and the board's), on its own: the pages that only name
 * members (and the many that share team-parts' LoadFailed) do not load the team lists' forms and
 * dialogs with it.
 */

/** A member as a team names them: their name, else their address. */
export const memberName = (member: { name: string | null; email: string | null }) =>
  member.name ?? member.email ?? "A member";
