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
