/**
 * Whether a job's Markdown description already quotes its company's About text (the sample
 * listings end with it, and many imported ones do): a job page then shows it once, in the
 * description. Markdown's marks and spacing are ignored.
 */
export function describesCompany(description: string, about: string | null): boolean {
  if (!about) return false;
  const words = (text: string) =>
    text
      .replace(/[*_`>#\\]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .toLowerCase();
  const quoted = words(about);
  return quoted.length > 0 && words(description).includes(quoted);
}
