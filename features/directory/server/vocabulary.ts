import type { PgBoss } from "pg-boss";
import type { Database } from "@/lib/server/db/client";
import { profileSearchTerms, type User } from "@/lib/server/db/schema";
import { refillVocabulary } from "@/features/jobs/server/search-plan";
import { log } from "@/lib/server/log";
import { QUEUES } from "@/lib/server/queue/queue";

/*
 * The words the employers' candidate search corrects typos to (issue 47): those of findable
 * profiles (public and employers-only), in `profile_search_terms`, apart from the job search's
 * `search_terms` so that the public board never suggests a word only an employers-only profile
 * holds. Refilled whole by the hourly `search-terms` task, and by a `profile-terms` job queued
 * when a findable profile's words change: one run per PROFILE_TERMS_DEBOUNCE_SECONDS at most,
 * however many profiles change, so a skill saved is corrected to within a minute.
 *
 * Why a queued refill rather than one in the request that saves the profile: a refill reads every
 * findable profile, and measured on PGlite (2 shared cores) it took 0.1 s for 10,000 profiles
 * without their bios and 1.4 to 2.2 s with them (a bio's words are many, and mostly its own):
 * too much for each save, on the one thread PGlite has. The bios are left out for the same
 * reason: employers search for skills, titles, places and names, and a bio's words still match
 * (the profile's search vector holds them); they are only not offered as corrections.
 */

/**
 * Refills the directory's vocabulary from the findable profiles' headline, skills, name and
 * location, with how many profiles use each word, and the synonym file's words. A search
 * meanwhile reads the previous vocabulary (one transaction).
 */
export async function refreshProfileSearchTerms(db: Database): Promise<number> {
  return refillVocabulary(
    db,
    profileSearchTerms,
    `
      select to_tsvector('simple', coalesce(headline, '') || ' ' || array_to_string(skills, ' ')
        || ' ' || coalesce(full_name, '') || ' ' || coalesce(location, ''))
      from users where profile_visibility <> 'hidden'`,
  );
}

/**
 * A profile change is taken into the vocabulary by a job this many seconds after it at most: a
 * debounced job (pg-boss sendDebounced), one per slot, so a burst of saves costs one refill.
 */
export const PROFILE_TERMS_DEBOUNCE_SECONDS = 20;

/** What of a profile the vocabulary reads: its words, and whether employers find it. */
type ProfileWords = Pick<
  User,
  "headline" | "skills" | "fullName" | "location" | "profileVisibility"
>;

const wordsOf = (profile: ProfileWords) =>
  JSON.stringify([profile.headline, profile.skills, profile.fullName, profile.location]);

/**
 * Whether a change from `before` to `after` changes what the vocabulary holds: a findable
 * profile's words changed, or a profile became findable or stopped being.
 */
export function changesVocabulary(before: ProfileWords, after: ProfileWords): boolean {
  const wasFindable = before.profileVisibility !== "hidden";
  const isFindable = after.profileVisibility !== "hidden";
  if (wasFindable !== isFindable) return true;
  return isFindable && wordsOf(before) !== wordsOf(after);
}

/**
 * Queues the vocabulary's refill after a profile changed, when the change matters to it (see
 * changesVocabulary); debounced, so at most one refill runs per slot. Call it once the change
 * has committed. A queue that cannot take the job is logged, not thrown: the change stands, and
 * the hourly refill takes it in.
 */
export async function queueProfileTerms(
  queue: () => Promise<PgBoss>,
  before: ProfileWords,
  after: ProfileWords,
): Promise<boolean> {
  if (!changesVocabulary(before, after)) return false;
  try {
    const boss = await queue();
    await boss.sendDebounced(
      QUEUES.profileTerms,
      {},
      null,
      PROFILE_TERMS_DEBOUNCE_SECONDS,
      QUEUES.profileTerms,
    );
    return true;
  } catch (error) {
    log.warn({ err: error }, "The candidate search's vocabulary was not queued for a refill");
    return false;
  }
}
