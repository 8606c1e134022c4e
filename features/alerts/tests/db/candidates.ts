import { eq } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { preferences, users, type NewPreferences } from "@/lib/server/db/schema";

let made = 0;

type Candidate = {
  /** Their address; null for an account without one. Default: a new one. */
  email?: string | null;
  /** Whether their provider verified the address. Default: yes, as Google does. */
  emailVerified?: boolean;
  fullName?: string | null;
  preferences?: Omit<NewPreferences, "userId">;
};

/** A signed-up person with saved preferences (daily alerts in UTC unless told otherwise). */
export async function insertCandidate(db: Database, candidate: Candidate = {}) {
  made += 1;
  const tag = `${made}-${Math.random().toString(36).slice(2, 8)}`;
  const [user] = await db
    .insert(users)
    .values({
      firebaseUid: `alerts-${tag}`,
      email: candidate.email === undefined ? `candidate-${tag}@example.com` : candidate.email,
      emailVerified: candidate.emailVerified ?? true,
      fullName: candidate.fullName === undefined ? `Candidate ${made}` : candidate.fullName,
    })
    .returning();
  await db
    .insert(preferences)
    .values({ alertFrequency: "daily", ...candidate.preferences, userId: user!.id });
  return user!;
}

/** When the run last claimed `userId`. */
export async function alertsSentAt(db: Database, userId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: preferences.alertsSentAt })
    .from(preferences)
    .where(eq(preferences.userId, userId));
  return row?.at ?? null;
}
