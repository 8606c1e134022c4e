import type { Database } from "@/lib/server/db/client";
import { seedLegalVersions } from "./legal-versions";
import { seedPartnerOffers } from "./partner-offers";
import { seedPostsIfEmpty } from "./post-seed";

/**
 * A new board's written pages, from the files in content/ (issue 64): version 1 of each legal
 * document that has none, the partner offers and the blog posts when their tables are empty.
 * Run on every start (lib/server/start), by the sample board's seed, and by tests that compare
 * a board's tables before and after a server has started on it. Answers how many posts it added.
 */
export async function seedBoardContent(db: Database): Promise<number> {
  await seedLegalVersions(db);
  await seedPartnerOffers(db);
  return seedPostsIfEmpty(db);
}
