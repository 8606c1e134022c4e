const PALETTE = [
  "bg-violet-100 text-violet-700",
  "bg-amber-100 text-amber-800",
  "bg-emerald-100 text-emerald-800",
  "bg-sky-100 text-sky-800",
  "bg-rose-100 text-rose-700",
  "bg-indigo-100 text-indigo-700",
];

/** A company's initial on a colour picked from its slug, the same on every page. */
export function CompanyMark({
  name,
  slug,
  size = "md",
}: {
  name: string;
  slug: string;
  size?: "md" | "lg";
}) {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const colours = PALETTE[hash % PALETTE.length];
  const dimensions = size === "lg" ? "size-16 text-2xl rounded-2xl" : "size-12 text-lg rounded-xl";
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center font-bold ${dimensions} ${colours}`}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
