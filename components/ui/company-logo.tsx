import Image from "next/image";
import { CompanyMark, companyInitial, companyMarkClass } from "@/components/ui/company-mark";
import { COMPANY_LOGO_ATTRIBUTE, shownLogo } from "@/lib/logos/logos";

/** The logo's inset in its box (the ring stays clear of it), and its pixels inside that. */
const IMAGES = {
  md: { className: "p-1", pixels: 40 },
  lg: { className: "p-1.5", pixels: 52 },
} as const;

/**
 * A company's logo in the same fixed box as its initial (CompanyMark), which stands in when it
 * has none: the box never changes size, so a logo loading shifts nothing. Until the logo has
 * loaded, the box shows the initial on its colour, not an empty white square (issue 42); once
 * it has, the logo sits on white (a transparent one stays legible on coloured headers). The
 * document's script (LOGO_LOADED_SCRIPT) says when, before the page's own scripts run. The logo
 * is decorative, as the company's name is always beside it. Only logos uploaded here are shown
 * (lib/logos/logos.ts).
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
  const image = IMAGES[size];
  return (
    <span
      {...{ [COMPANY_LOGO_ATTRIBUTE]: "" }}
      className={`company-logo relative ring-1 ring-gray-200 ${companyMarkClass(slug, size)}`}
    >
      <span aria-hidden="true" className="company-logo-initial">
        {companyInitial(name)}
      </span>
      <Image
        src={src}
        alt=""
        width={image.pixels}
        height={image.pixels}
        className={`absolute inset-0 size-full object-contain ${image.className}`}
      />
    </span>
  );
}
