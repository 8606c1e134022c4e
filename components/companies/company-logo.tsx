import Image from "next/image";
import { CompanyMark } from "@/components/jobs/company-mark";
import { shownLogo } from "@/lib/logos/logos";

const BOXES = {
  md: { className: "size-12 rounded-xl p-1", pixels: 40 },
  lg: { className: "size-16 rounded-2xl p-1.5", pixels: 52 },
} as const;

/**
 * A company's logo in the same fixed box as its initial (CompanyMark), which stands in when it
 * has none: the box never changes size, so a logo loading shifts nothing. The logo sits on white
 * (a transparent one stays legible on coloured headers); it is decorative, as the company's name
 * is always beside it. Only logos uploaded here are shown (lib/logos/logos.ts).
 */
export function CompanyLogo({
  name,
  slug,
  logoUrl,
  size = "md",
}: {
  name: string;
  slug: string;
  logoUrl: string | null | undefined;
  size?: "md" | "lg";
}) {
  const src = shownLogo(logoUrl);
  if (!src) return <CompanyMark name={name} slug={slug} size={size} />;
  const box = BOXES[size];
  return (
    <span
      className={`flex shrink-0 items-center justify-center bg-white ring-1 ring-gray-200 ${box.className}`}
    >
      <Image
        src={src}
        alt=""
        width={box.pixels}
        height={box.pixels}
        className="size-full object-contain"
      />
    </span>
  );
}
