/*
 * Saved searches (issue 29): a signed-in candidate keeps a search of the board (its words and
 * filters) and hears of its new matches by mail. Plain constants, below the domain's schemas
 * (features/saved-searches/schemas.ts), which read them; the table (lib/server/db/schema/alerts.ts)
 * takes its frequencies from lib/model/account.ts.
 */

/** How many saved searches one person may keep. */
export const MAX_SAVED_SEARCHES = 20;

/**
 * The fragment a signed-out visitor's "Save this search" comes back to after signing in: the
 * page then opens the dialog. A fragment, not a query parameter, so the cached page is the same.
 */
export const SAVE_SEARCH_FRAGMENT = "save-search";

/** The frequencies the save dialog offers (Never is chosen later, on /preferences). */
export const SAVE_DIALOG_FREQUENCIES = ["daily", "weekly"] as const;
