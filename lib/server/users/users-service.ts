import { eq } from "drizzle-orm";
import type { CurrentUserFields } from "@/lib/schemas/current-user";
import type { Database } from "../db/client";
import { users, type User } from "../db/schema";

export type IdentityClaims = {
  uid: string;
  email?: string;
  name?: string;
  picture?: string;
};

/** The user behind a verified token, created from the token's claims on first sight. */
export async function findOrCreateUser(db: Database, claims: IdentityClaims): Promise<User> {
  await db
    .insert(users)
    .values({
      firebaseUid: claims.uid,
      email: claims.email ?? null,
      fullName: claims.name ?? null,
      avatarUrl: claims.picture ?? null,
    })
    .onConflictDoNothing({ target: users.firebaseUid });
  const [user] = await db.select().from(users).where(eq(users.firebaseUid, claims.uid));
  return user!;
}

export async function updateUser(
  db: Database,
  id: number,
  fields: CurrentUserFields,
): Promise<User> {
  const [user] = await db
    .update(users)
    .set({
      ...(fields.full_name !== undefined ? { fullName: fields.full_name } : {}),
      ...(fields.headline !== undefined ? { headline: fields.headline } : {}),
      ...(fields.bio !== undefined ? { bio: fields.bio } : {}),
      ...(fields.location !== undefined ? { location: fields.location } : {}),
      ...(fields.website_url !== undefined ? { websiteUrl: fields.website_url } : {}),
      ...(fields.linkedin_url !== undefined ? { linkedinUrl: fields.linkedin_url } : {}),
      ...(fields.skills !== undefined ? { skills: fields.skills } : {}),
      ...(fields.open_to_work !== undefined ? { openToWork: fields.open_to_work } : {}),
      ...(fields.show_on_talent_page !== undefined
        ? { showOnTalentPage: fields.show_on_talent_page }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return user!;
}

/** Removes the user and, through foreign keys, everything that is theirs. */
export async function deleteUser(db: Database, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** The current user as the API answers it (spec §3: at least avatar_url and full_name). */
export function currentUserJson(user: User) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    avatar_url: user.avatarUrl,
    headline: user.headline,
    bio: user.bio,
    location: user.location,
    website_url: user.websiteUrl,
    linkedin_url: user.linkedinUrl,
    skills: user.skills,
    open_to_work: user.openToWork,
    show_on_talent_page: user.showOnTalentPage,
    created_at: user.createdAt.toISOString(),
  };
}
