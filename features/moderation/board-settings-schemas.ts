// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { blankToNull, singleLine, timestamp, webAddress } from "@/lib/validation/fields";

/*
 * The board's settings' requests and answers (issue 64): its name, tagline, hero text, contact
 * address and links. A field sent blank or null goes back to its default (lib/board-settings.ts).
 */

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable());

const text = (label: string, max: number) =>
  singleLine(
    z
      .string()
      .trim()
      .min(2, `Write ${label} in at least 2 characters`)
      .max(max, `Keep ${label} under ${max} characters`),
  );

/** The fields, as sent and as answered (null: the default). */
export const boardSettingsFieldsSchema = z.strictObject({
  name: optional(text("the board's name", 60)),
  tagline: optional(text("the tagline", 120)),
  hero_text: optional(
    z
      .string()
      .trim()
      .min(10, "Write the hero text in at least 10 characters")
      .max(300, "Keep the hero text under 300 characters"),
  ),
  contact_email: optional(
    z
      .email("Enter an email address like hello@example.com")
      .max(200, "Keep the address under 200 characters"),
  ),
  newsletter_url: optional(webAddress("the newsletter link")),
  social_url: optional(webAddress("the “Follow us” link")),
  x_url: optional(webAddress("the X link")),
  linkedin_url: optional(webAddress("the LinkedIn link")),
  instagram_url: optional(webAddress("the Instagram link")),
  youtube_url: optional(webAddress("the YouTube link")),
});
export type BoardSettingsFields = z.infer<typeof boardSettingsFieldsSchema>;

export const boardSettingsBodySchema = z.strictObject({ settings: boardSettingsFieldsSchema });

/** What the owner set, and what each field prints when left to its default. */
export const boardSettingsAnswerSchema = z.strictObject({
  settings: z
    .strictObject({
      values: z.strictObject({
        name: z.string().nullable(),
        tagline: z.string().nullable(),
        hero_text: z.string().nullable(),
        contact_email: z.string().nullable(),
        newsletter_url: z.string().nullable(),
        social_url: z.string().nullable(),
        x_url: z.string().nullable(),
        linkedin_url: z.string().nullable(),
        instagram_url: z.string().nullable(),
        youtube_url: z.string().nullable(),
      }),
      defaults: z.strictObject({
        name: z.string(),
        tagline: z.string(),
        hero_text: z.string(),
        contact_email: z.string(),
        newsletter_url: z.string(),
        social_url: z.string(),
      }),
      updated_at: timestamp.nullable(),
      updated_by: z.string().nullable(),
    })
    .meta({ id: "BoardSettings" }),
});
export type BoardSettingsAnswer = z.infer<typeof boardSettingsAnswerSchema>["settings"];
export type BoardSettingsValues = BoardSettingsAnswer["values"];

/** Every field at its default: what a board without settings answers, and a blank form sends. */
export const DEFAULT_SETTINGS_VALUES: BoardSettingsValues = {
  name: null,
  tagline: null,
  hero_text: null,
  contact_email: null,
  newsletter_url: null,
  social_url: null,
  x_url: null,
  linkedin_url: null,
  instagram_url: null,
  youtube_url: null,
};
