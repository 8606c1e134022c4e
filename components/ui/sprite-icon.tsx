/**
 * The icons pages repeat or show on every page (job cards, browse links, the header and footer).
 * Each is drawn once per document, in the sprite (components/ui/icon-sprite.tsx, rendered by the
 * server), and each use is a short `<use>` pointing at it, instead of the whole path again: list
 * pages are tens of kilobytes lighter to render, send and parse, and no page's script carries
 * the drawings.
 */
export type SpriteIconName =
  | "map-pin"
  | "clock"
  | "banknotes"
  | "arrow-right"
  | "bookmark"
  | "bookmark-outline"
  | "eye-slash"
  | "check-circle"
  | "chevron-down"
  | "envelope"
  | "magnifying-glass"
  | "bars"
  | "x-mark";

export const spriteSymbolId = (name: SpriteIconName) => `icon-${name}`;

/** A decorative icon from the sprite, sized and coloured by `className` like a heroicon. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`#${spriteSymbolId(name)}`} />
    </svg>
  );
}
