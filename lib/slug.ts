/** How long a slug in a URL may grow: readable, and short enough to share. */
export const SLUG_MAX_LENGTH = 80;

/** Lowercase ASCII words joined by hyphens, cut at a word boundary. */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength + 1);
  const boundary = cut.lastIndexOf("-");
  return boundary > 0 ? cut.slice(0, boundary) : slug.slice(0, maxLength);
}
