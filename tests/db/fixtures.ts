import type { Database } from "@/lib/server/db/client";
import { companies, jobs, type NewJob } from "@/lib/server/db/schema";
import { jobPlaceOf } from "@/features/jobs/server/job-place";
import { WORLDWIDE_HIRING_COUNTRIES } from "@/features/jobs/locations";

export const NOW = new Date("2025-10-15T12:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

export async function insertCompany(db: Database, slug: string, name: string) {
  const [company] = await db
    .insert(companies)
    .values({ slug, name, website: `https://${slug}.example`, about: `${name} makes things.` })
    .returning();
  return company!;
}

type JobFixture = Partial<NewJob> & Pick<NewJob, "title" | "companyId">;

/** An open full-time remote design job published a week before NOW, unless told otherwise. */
export async function insertJob(db: Database, job: JobFixture) {
  const values = {
    slug: job.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    department: "design",
    region: "remote",
    type: "full-time",
    location: "Remote",
    description: `We are hiring a ${job.title}.`,
    applyUrl: "https://example.com/apply",
    publishedAt: days(-7),
    expiresAt: days(30),
    ...job,
  };
  // Where it can be done, read from its words as every writer of jobs does (a fixture may set it).
  // A remote job whose words name no country ("Remote") accepts those companies usually hire
  // in, as on the sample board: the board no longer takes a remote job without countries.
  const read = jobPlaceOf(values.location, values.region);
  const place =
    read.remoteCountries?.length === 0
      ? { ...read, remoteCountries: [...WORLDWIDE_HIRING_COUNTRIES] }
      : read;
  const [row] = await db
    .insert(jobs)
    .values({ ...place, ...values })
    .returning();
  return row!;
}

export { days };
