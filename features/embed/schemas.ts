// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { single, timestamp, wholeNumber } from "@/lib/validation/fields";

/** The embed's colours: the careers page's background decides (issue 66). */
export const EMBED_THEMES = ["light", "dark"] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** How many listings an embed shows unless told; and at most. */
export const EMBED_DEFAULT_LIMIT = 10;
export const EMBED_MAX_LIMIT = 50;

/** A company's slug in a path: anything the site would not make names no company (404). */
export const embedSlugSegment = z
  .string()
  .max(100, "Company not found")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Company not found");

/** `?limit=`: how many of the newest listings (1 to 50, 10 unless given). */
const limit = single(wholeNumber("The limit", 1, EMBED_MAX_LIMIT));

/** The JSON's query: only the count. */
export const embedQuerySchema = z
  .strictObject({ limit })
  .transform((query) => ({ limit: query.limit ?? EMBED_DEFAULT_LIMIT }));

/** The frame page's query: the count and the theme. */
export const embedPageQuerySchema = z
  .strictObject({
    limit,
    theme: single(z.enum(EMBED_THEMES, "The theme is light or dark")),
  })
  .transform((query) => ({
    limit: query.limit ?? EMBED_DEFAULT_LIMIT,
    theme: query.theme ?? ("light" as EmbedTheme),
  }));

/** One live listing as an embed shows it: every address absolute, on the board. */
export const embedJobSchema = z
  .strictObject({
    id: z.int().positive(),
    title: z.string(),
    /** The job's page on the board, where candidates read and apply. */
    url: z.url(),
    location: z.string(),
    /** The board's region slug and its label ("remote", "Remote"). */
    region: z.string(),
    region_label: z.string(),
    type: z.string(),
    type_label: z.string(),
    published_at: timestamp,
  })
  .meta({ id: "EmbedJob" });

/** A company's live listings for its own careers page. */
export const companyEmbedSchema = z
  .strictObject({
    company: z.strictObject({
      slug: z.string(),
      name: z.string(),
      /** The company's page on the board. */
      url: z.url(),
    }),
    /** Its live listings, newest first, at most `limit`. */
    jobs: z.array(embedJobSchema),
    /** How many listings it has live in all (more than `jobs` when the limit cut them). */
    total: z.int().nonnegative(),
    /** The board, credited under the list. */
    board: z.strictObject({ name: z.string(), url: z.url() }),
  })
  .meta({ id: "CompanyEmbed" });

export type CompanyEmbed = z.output<typeof companyEmbedSchema>;
export type EmbedPageQuery = z.output<typeof embedPageQuerySchema>;

/** What /embed/companies/[slug] draws. */
export type EmbedPageProps = { embed: CompanyEmbed; query: EmbedPageQuery };
