import Image from "next/image";

/** Spec §3: the avatar's sizes, in CSS pixels. */
export const AVATAR_SIZES = {
  xsmall: 24,
  chat: 32,
  small: 40,
  medium: 48,
  list: 64,
  large: 96,
} as const;

export type AvatarSize = keyof typeof AVATAR_SIZES;

type AvatarProps = {
  src: string | null | undefined;
  size?: AvatarSize;
  className?: string;
};

/** The user's picture; nothing at all when there is no image URL. */
export function Avatar({ src, size = "small", className = "" }: AvatarProps) {
  if (!src) return null;
  const pixels = AVATAR_SIZES[size];
  return (
    <Image
      src={src}
      alt="User avatar"
      width={pixels}
      height={pixels}
      // Identity providers serve already-sized pictures from hosts we do not control.
      unoptimized
      referrerPolicy="no-referrer"
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
  if (src) return <Avatar src={src} size={size} />;
  const pixels = AVATAR_SIZES[size];
  return (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-full bg-violet-100 font-semibold text-violet-700"
      style={{ width: pixels, height: pixels, fontSize: pixels * 0.4 }}
    >
      {name.slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}
