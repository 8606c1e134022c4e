import Image from "next/image";

/** A post's cover at 1200×630; SVG covers are served as they are (nothing to optimise). */
export function PostCover({
  src,
  alt,
  sizes,
  priority = false,
  className = "",
}: {
  src: string;
  alt: string;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  return (
    <Image
      src={src}
      alt={alt}
      width={1200}
      height={630}
      sizes={sizes}
      priority={priority}
      unoptimized={src.endsWith(".svg")}
      className={`aspect-[1200/630] w-full rounded-2xl bg-violet-100 object-cover ${className}`}
    />
  );
}
