// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { CARD_KINDS } from "@/lib/og/address";
import { operation } from "@/lib/api/operation";

/** The API's social card operation; spread into `operations` (lib/api-registry/operations.ts). */
export const ogOperations = {
  getSocialCard: operation({
    method: "GET",
    path: "/api/og/{kind}/{slug}",
    summary: "A page's social card (og:image): a 1200×630 PNG drawn from the page's facts",
    description:
      "`slug` is the page's own, followed by .png: a job's id (`/api/og/job/123.png`), a " +
      "department, region, type or company slug, a report's quarter (`q3-2025`), or one of the " +
      "site's own pages (`/api/og/page/home.png`, `about`, `talent`, `pricing`, `submit`, " +
      "`recruitment-services`, `blog`, a legal document's name, `offer-{id}`). Pages name " +
      "their card with `?v=`, a hash of what it shows: when `v` is the card's current version " +
      "the answer is cached for a year (immutable); without it, or with an older one, the " +
      "current card is sent, cached for five minutes. 404 for a page that does not exist.",
    access: "public",
    params: z.strictObject({
      kind: z.enum(CARD_KINDS, "There is no card of that kind"),
      slug: z
        .string()
        // A company's slug may be in its own letters (lib/slug.ts).
        .regex(/^[\p{Ll}\p{Lm}\p{Lo}\p{M}\p{N}-]{1,100}\.png$/u, "There is no card of that name")
        .transform((name) => name.slice(0, -".png".length)),
    }),
    query: z.strictObject({
      v: z
        .string()
        .regex(/^[0-9a-z]{1,16}$/, "A card's version is a short code its page gives")
        .optional(),
    }),
    answers: { 200: { file: "image/png" } },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
