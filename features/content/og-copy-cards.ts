import { pageCard, roles } from "@/lib/og/base";
import { ABOUT_COPY, HOME_COPY } from "@/features/content/page-copy";

/*
 * The cards of the pages that show little but their own words (home, about): a module of their
 * own, so the home page's JavaScript carries none of the other page cards' data (plans, tags).
 */

/** The pages whose card shows nothing but their own words. */
export const copyCard = (page: "about") => pageCard(page, ABOUT_COPY);

/** The home page's card: the board's open roles, as the page's lead counts them. */
export const homeCard = (openRoles: number) =>
  pageCard("home", HOME_COPY, {
    note: roles({ total: openRoles, total_is_capped: false }),
  });
