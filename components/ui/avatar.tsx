import Image from "next/image";
import { useState, type ReactNode } from "react";
import { AVATAR_SIZES } from "@/lib/users/avatar";

export { AVATAR_SIZES };

export type AvatarSize = keyof typeof AVATAR_SIZES;

type AvatarProps = {
  src: string | null | undefined;
  size?: AvatarSize;
  className?: string;
  /** Shown in its place when there is no picture or it cannot be loaded; nothing by default. */
  fallback?: ReactNode;
};

/**
 * The user's picture, through next/image: the browser loads it from this site, which fetches
 * it only from the identity providers' hosts (lib/users/avatar.ts, next.config.ts).
 */
export function Avatar({ src, size = "small", className = "", fallback = null }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return fallback;
  const pixels = AVATAR_SIZES[size];
  return (
    <Image
      src={src}
      alt="User avatar"
      width={pixels}
      height={pixels}
      onError={() => setFailed(src)}
      data-size={size}
      className={`shrink-0 rounded-full bg-gray-100 object-cover ${className}`}
      style={{ width: pixels, height: pixels }}
    />
  );
}

/**
 * A person's picture, or when they have none, their initial on a tint in the same size. The
 * initial is decoration: the name is always written next to it.
 */
export function PictureOrInitial({
  src,
  name,
  size = "small",
}: {
  src: string | null | undefined;
  name: string;
  size?: AvatarSize;
}) {
  const pixels = AVATAR_SIZES[size];
  const initial = (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-full bg-violet-100 font-semibold text-violet-700"
      style={{ width: pixels, height: pixels, fontSize: pixels * 0.4 }}
    >
      {name.slice(0, 1).toUpperCase() || "?"}
    </span>
  );
  return <Avatar src={src} size={size} fallback={initial} />;
}
