import { operations } from "@/lib/api-registry/operations";
import { notFound } from "@/lib/server/errors";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";
import { cardImage } from "@/features/og/server/card-cache";
import { CARD_CACHE_CONTROL } from "@/features/og/server/card-cache-control";
import { loadCard } from "@/features/og/server/card-data";
import { refreshBoardSettings } from "@/lib/server/board-settings";

/**
 * GET /api/og/{kind}/{slug}.png: a page's social card (lib/og; built by its feature's og-card.ts), from the facts
 * its page shows now. Immutable for a year when the address's version is those facts' own; a few
 * minutes otherwise, so an address without one (or with an old one) soon shows the current facts.
 */
export default apiRoute(
  handle(
    operations.getSocialCard,
    async ({ db, params: { kind, slug }, query }) => {
      // The card prints the board's name and tagline as its owner set them, and its version
      // (lib/og/base.ts) counts them: read before the card's facts.
      await refreshBoardSettings(db);
      const card = await loadCard(db, kind, slug);
      if (!card) throw notFound("There is no page for that card");
      const png = await cardImage(card);
      return new FileReply(png, {
        "Content-Type": "image/png",
        "Cache-Control":
          query.v === card.version ? CARD_CACHE_CONTROL.versioned : CARD_CACHE_CONTROL.current,
        "X-Content-Type-Options": "nosniff",
      });
    },
    { cache: CARD_CACHE_CONTROL.current },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
