import { BanknotesIcon, ClockIcon, MapPinIcon } from "@heroicons/react/16/solid";
import {
  ArrowRightIcon,
  BookmarkIcon,
  CheckCircleIcon,
  ChevronDownIcon,
  EnvelopeIcon,
  EyeSlashIcon,
  MagnifyingGlassIcon,
} from "@heroicons/react/20/solid";
import {
  Bars3Icon,
  BookmarkIcon as BookmarkOutlineIcon,
  XMarkIcon,
} from "@heroicons/react/24/outline";
import type { ComponentType, SVGProps } from "react";
import { spriteSymbolId, type SpriteIconName } from "@/components/ui/sprite-icon";

/**
 * The sprite's drawings. Only pages/_document.tsx renders this, on the server: the pages'
 * scripts carry none of these paths (components use SpriteIcon, a reference by name).
 */
const SPRITE = {
  "map-pin": [MapPinIcon, "0 0 16 16"],
  clock: [ClockIcon, "0 0 16 16"],
  banknotes: [BanknotesIcon, "0 0 16 16"],
  "arrow-right": [ArrowRightIcon, "0 0 20 20"],
  bookmark: [BookmarkIcon, "0 0 20 20"],
  "bookmark-outline": [BookmarkOutlineIcon, "0 0 24 24"],
  "eye-slash": [EyeSlashIcon, "0 0 20 20"],
  "check-circle": [CheckCircleIcon, "0 0 20 20"],
  "chevron-down": [ChevronDownIcon, "0 0 20 20"],
  envelope: [EnvelopeIcon, "0 0 20 20"],
  "magnifying-glass": [MagnifyingGlassIcon, "0 0 20 20"],
  bars: [Bars3Icon, "0 0 24 24"],
  "x-mark": [XMarkIcon, "0 0 24 24"],
} satisfies Record<SpriteIconName, [ComponentType<SVGProps<SVGSVGElement>>, string]>;

/** The sprite's definitions; the document renders it once, at the top of the body. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" className="absolute size-0 overflow-hidden">
      {Object.entries(SPRITE).map(([name, [Icon, viewBox]]) => (
        <symbol key={name} id={spriteSymbolId(name as SpriteIconName)} viewBox={viewBox}>
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}
