import type { Card } from "@/lib/og/address";
import { boardSettings } from "@/lib/board-settings";
import { drawCard } from "./card-drawer";

/*
 * Drawing a card costs tens of milliseconds of CPU: each process draws a card once for the same
 * facts. Cards are kept by their version (a hash of the design and the facts), least recently
 * used first out; requests for a card being drawn wait for that drawing. The page cache in front
 * (lib/server/http/page-cache.ts) keeps the answers by address as well; this one also covers
 * addresses without a version, HEAD and GET alike, and the page cache's misses.
 */

const MAX_CARDS = 200;
const MAX_BYTES = 24 * 1024 * 1024;

type Kept = { png: Promise<Buffer>; bytes: number };
const kept = new Map<string, Kept>();
let bytesKept = 0;
let drawn = 0;

function forget(key: string) {
  const entry = kept.get(key);
  if (!entry) return;
  kept.delete(key);
  bytesKept -= entry.bytes;
}

/** The card's PNG, drawn now only when this process has not drawn the same facts before. */
export function cardImage(card: Card): Promise<Buffer> {
  // The board's name and tagline are drawn too: a card drawn before the owner changed them is
  // not the one asked for now, even without a version in its address.
  const { name, tagline } = boardSettings();
  const key = `${card.kind}/${card.slug}@${card.version ?? ""}\n${name}\n${tagline}`;
  const found = kept.get(key);
  if (found) {
    // Most recently used: to the end of the map's order.
    kept.delete(key);
    kept.set(key, found);
    return found.png;
  }
  const png = drawCard(card.facts);
  drawn += 1;
  const entry: Kept = { png, bytes: 0 };
  kept.set(key, entry);
  png.then(
    (bytes) => {
      if (kept.get(key) !== entry) return;
      entry.bytes = bytes.length;
      bytesKept += bytes.length;
      for (const oldest of kept.keys()) {
        if (kept.size <= MAX_CARDS && bytesKept <= MAX_BYTES) break;
        forget(oldest);
      }
    },
    // A failed drawing is not kept: the next request tries again.
    () => {
      if (kept.get(key) === entry) kept.delete(key);
    },
  );
  return png;
}

/** How many cards this process has drawn (not served from memory), for tests. */
export const cardsDrawn = () => drawn;
