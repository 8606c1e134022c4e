/*
 * The board's own team (issue 64): the roles of the people who run the board and the areas of
 * /review and its API each may reach. Shared by the request pipeline's one board guard (every
 * access "moderator" operation names its area), the /review pages (a role sees only its areas)
 * and the team screen. ADMIN_EMAILS names the first owner(s); everyone else is a member's row.
 */

/** The roles, in the order the team screen lists them. */
export const BOARD_ROLES = ["owner", "moderator", "editor", "finance"] as const;
export type BoardRole = (typeof BOARD_ROLES)[number];

/** The areas of /review and its API; every moderator operation belongs to one. */
export const BOARD_AREAS = [
  // The moderators': what employers and candidates put on the board
  "listings",
  "companies",
  "imports",
  "enquiries",
  "directory",
  // The job queue and the audit log: the people who run the board day to day
  "operations",
  // The editors': posts, offers and legal pages
  "content",
  // Money: invoices, payment terms, refunds, prices and plans, revenue
  "finance",
  // The board's team itself: the owners'
  "team",
  // The board's name, tagline, contact address and links: the owners'
  "settings",
  // What the board learns from itself: traffic, searches, the funnel (issue 65)
  "insights",
] as const;
export type BoardArea = (typeof BOARD_AREAS)[number];

/** What the board guard asks of the caller (access "moderator"): the area the operation is in. */
export type BoardRule = { area: BoardArea };

/** The areas each role reaches; an owner reaches them all. */
export const ROLE_AREAS: Record<BoardRole, readonly BoardArea[]> = {
  owner: BOARD_AREAS,
  moderator: [
    "listings",
    "companies",
    "imports",
    "enquiries",
    "directory",
    "operations",
    "insights",
  ],
  editor: ["content"],
  finance: ["finance"],
};

/** Whether `role` (null: no one on the team) may work in `area`. */
export const mayReach = (role: BoardRole | null, area: BoardArea): boolean =>
  role !== null && ROLE_AREAS[role].includes(area);

export const BOARD_ROLE_LABELS: Record<BoardRole, string> = {
  owner: "Owner",
  moderator: "Moderator",
  editor: "Editor",
  finance: "Finance",
};

/** What each role may do, in a line the team screen shows beside it. */
export const BOARD_ROLE_DESCRIPTIONS: Record<BoardRole, string> = {
  owner: "Everything, including the board's team.",
  moderator:
    "Listings, companies, imports, enquiries, the directory, the job queue, the audit log and the board's figures.",
  editor: "Posts, offers and the legal pages.",
  finance: "Invoices, payment terms, refunds, prices and plans, and revenue.",
};

/** How long a board invitation's link works (the team screen says so; zod-free for its bundle). */
export const BOARD_INVITATION_DAYS = 7;
