import { z } from "zod";
import { parseEnvelope, type Parsed } from "@/lib/schemas/field-errors";
import { blankAsClear } from "@/lib/schemas/fields";

/** Optional text: blank means "clear it". */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankAsClear,
    z
      .string(`${label} must be text`)
      .trim()
      .max(max, `Keep ${label.toLowerCase()} under ${max} characters`)
      .nullable(),
  );

const optionalUrl = (label: string) =>
  z.preprocess(
    blankAsClear,
    z
      .url({
        protocol: /^https?$/,
        message: `${label} must be a web address starting with https://`,
      })
      .max(300, `Keep ${label.toLowerCase()} under 300 characters`)
      .nullable(),
  );

/** The fields a candidate may change on their own account; all optional in one PATCH. */
export const currentUserFieldsSchema = z
  .strictObject({
    full_name: z
      .string("Your name must be text")
      .trim()
      .min(1, "Enter your name")
      .max(100, "Keep your name under 100 characters"),
    headline: optionalText("Headline", 120),
    bio: optionalText("Bio", 2000),
    location: optionalText("Location", 100),
    website_url: optionalUrl("Website"),
    linkedin_url: optionalUrl("LinkedIn profile"),
    skills: z
      .array(
        z
          .string()
          .trim()
          .min(1, "A skill cannot be blank")
          .max(40, "Keep each skill under 40 characters"),
      )
      .max(30, "List at most 30 skills"),
    open_to_work: z.boolean("Open to work must be true or false"),
    show_on_talent_page: z.boolean("Show on the talent page must be true or false"),
    email_news: z.boolean("Email news must be true or false"),
  })
  .partial();

export type CurrentUserFields = z.output<typeof currentUserFieldsSchema>;

/** A PATCH body `{ user: fields }`, or field errors keyed by field name. */
export const parseCurrentUserUpdate = (body: unknown): Parsed<CurrentUserFields> =>
  parseEnvelope("user", currentUserFieldsSchema, body);
