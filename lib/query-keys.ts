/*
 * Query keys that more than one feature's hooks use: a feature invalidates or nests under
 * another's cache entries through these, never by importing the other feature's hooks.
 */

/**
 * The employer's listings and each one (listings; a listing's applicants are under it, in
 * applications), and the moderators' queues. A change to the team (companies) reads the
 * employer's listings again.
 */
export const listingKeys = {
  own: ["submissions"] as const,
  one: (id: number) => ["submissions", id] as const,
  queue: ["admin", "submissions"] as const,
  edits: ["admin", "edits"] as const,
};
