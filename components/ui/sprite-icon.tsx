import { BanknotesIcon, ClockIcon, MapPinIcon } from "@heroicons/react/16/solid";
import { ArrowRightIcon, BookmarkIcon, EyeSlashIcon } from "@heroicons/react/20/solid";
import { BookmarkIcon as BookmarkOutlineIcon } from "@heroicons/react/24/outline";
import type { ComponentType, SVGProps } from "react";

/**
 * The icons a page repeats: on every job card and every browse link. Each is drawn once per
 * document, in the sprite, and each use is a short `<use>` pointing at it, instead of the whole
 * path again: a list page is tens of kilobytes lighter to render, send and parse.
 */
const SPRITE = {
  "map-pin": [MapPinIcon, "0 0 16 16"],
  clock: [ClockIcon, "0 0 16 16"],
  banknotes: [BanknotesIcon, "0 0 16 16"],
  "arrow-right": [ArrowRightIcon, "0 0 20 20"],
  bookmark: [BookmarkIcon, "0 0 20 20"],
  "bookmark-outline": [BookmarkOutlineIcon, "0 0 24 24"],
  "eye-slash": [EyeSlashIcon, "0 0 20 20"],
} satisfies Record<string, [ComponentType<SVGProps<SVGSVGElement>>, string]>;

export type SpriteIconName = keyof typeof SPRITE;

const symbolId = (name: SpriteIconName) => `icon-${name}`;

/** The sprite's definitions; the document renders it once, at the top of the body. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" className="absolute size-0 overflow-hidden">
      {Object.entries(SPRITE).map(([name, [Icon, viewBox]]) => (
        <symbol key={name} id={symbolId(name as SpriteIconName)} viewBox={viewBox}>
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon from the sprite, sized and coloured by `className` like a heroicon. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
