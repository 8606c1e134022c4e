import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { trustedAvatarUrl } from "@/lib/users/avatar";
import { TALENT_PER_PAGE, type TalentFilters } from "@/features/directory/filters";
import { type TalentPage } from "@/features/directory/types";
import type { Database } from "@/lib/server/db/client";
import { preferences, users } from "@/lib/server/db/schema";

/*
 * The public talent page. Only people whose profile is public appear, and only the fields they fill in for
 * it: never an email address or anything else from their account.
 */

function conditions(filters: TalentFilters): SQL[] {
  const where = [eq(users.profileVisibility, "public")];
  if (filters.department) {
    where.push(sql`${filters.department} = any(${preferences.departments})`);
  }
  if (filters.region) {
    const region = sql`${filters.region} = any(${preferences.regions})`;
    // Someone who wants remote work only is looking in the remote region.
    where.push(
      filters.region === "remote" ? or(region, eq(preferences.remoteOnly, true))! : region,
    );
  }
  return where;
}

export async function listTalent(db: Database, filters: TalentFilters): Promise<TalentPage> {
  const where = and(...conditions(filters));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        name: users.fullName,
        avatarUrl: users.avatarUrl,
        headline: users.headline,
        location: users.location,
        skills: users.skills,
        openToWork: users.openToWork,
        departments: preferences.departments,
        regions: preferences.regions,
        remoteOnly: preferences.remoteOnly,
      })
      .from(users)
      .leftJoin(preferences, eq(preferences.userId, users.id))
      .where(where)
      // Open to work first, then the most recently updated profiles.
      .orderBy(desc(users.openToWork), desc(users.updatedAt), desc(users.id))
      .limit(TALENT_PER_PAGE)
      .offset((filters.page - 1) * TALENT_PER_PAGE),
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(preferences, eq(preferences.userId, users.id))
      .where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    profiles: rows.map(
      ({ name, avatarUrl, openToWork, departments, regions, remoteOnly, ...profile }) => ({
        ...profile,
        name: name ?? "Candidate",
        avatar_url: trustedAvatarUrl(avatarUrl),
        open_to_work: openToWork,
        departments: departments ?? [],
        regions: remoteOnly ? ["remote"] : (regions ?? []),
      }),
    ),
    total,
    page: filters.page,
    page_count: Math.max(1, Math.ceil(total / TALENT_PER_PAGE)),
    filters,
  };
}
