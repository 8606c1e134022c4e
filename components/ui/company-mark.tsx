const PALETTE = [
  "bg-violet-100 text-violet-700",
  "bg-amber-100 text-amber-800",
  "bg-emerald-100 text-emerald-800",
  "bg-sky-100 text-sky-800",
  "bg-rose-100 text-rose-700",
  "bg-indigo-100 text-indigo-700",
];

type MarkSize = "md" | "lg";

/**
 * The box of a company's initial: its size, and a colour picked from its slug, the same on every
 * page. A logo (CompanyLogo) is drawn in the same box, over the initial until it has loaded.
 */
export function companyMarkClass(slug: string, size: MarkSize = "md"): string {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const colours = PALETTE[hash % PALETTE.length];
  const dimensions = size === "lg" ? "size-16 text-2xl rounded-2xl" : "size-12 text-lg rounded-xl";
  return `flex shrink-0 items-center justify-center font-bold ${dimensions} ${colours}`;
}

export const companyInitial = (name: string) => name.charAt(0).toUpperCase();

/** A company's initial on a colour picked from its slug, the same on every page. */
export function CompanyMark({
  name,
  slug,
  size = "md",
}: {
  name: string;
  slug: string;
  size?: MarkSize;
}) {
  return (
    <span aria-hidden="true" className={companyMarkClass(slug, size)}>
      {companyInitial(name)}
    </span>
  );
}
