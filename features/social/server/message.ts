/*
 * A post's words, per channel and within each one's length: the listing's title and company as
 * typed, its place, and the link to its page on the board (the last line, never cut).
 */

export type PostListing = { title: string; company: string; location: string; url: string };

/** Most characters (graphemes) a post may have, counting a link as the channel counts it. */
const LIMITS = {
  discord: 2000,
  slack: 4000,
  telegram: 4096,
  bluesky: 300,
  mastodon: 500,
  x: 280,
  linkedin: 3000,
};
/** X and Mastodon count every link as 23 characters. */
const LINK_WEIGHT: Partial<Record<keyof typeof LIMITS, number>> = { x: 23, mastodon: 23 };

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const graphemes = (text: string) => [...segmenter.segment(text)].map((part) => part.segment);

/** `text` cut to `max` graphemes, with an ellipsis when cut (never inside a character). */
export function cut(text: string, max: number): string {
  const parts = graphemes(text);
  return parts.length <= max
    ? text
    : `${parts
        .slice(0, Math.max(0, max - 1))
        .join("")
        .trimEnd()}…`;
}

/** The lines before the link: one listing's, or a roundup's (one line each). */
function body(listings: readonly PostListing[], heading?: string): string[] {
  if (listings.length === 1 && !heading) {
    const [job] = listings;
    return [`${job!.title} at ${job!.company}`, job!.location];
  }
  return [heading ?? "", ...listings.map((job) => `• ${job.title} at ${job.company}`)];
}

/**
 * The post's text on `channel`: the lines, then the link, the lines cut from the title's end
 * when the whole would not fit. For a roundup (`heading`), a line per listing while they fit,
 * and the link to the board's list.
 */
export function postText(
  channel: keyof typeof LIMITS,
  listings: readonly PostListing[],
  options: { heading?: string; link: string; prefix?: string },
): string {
  const limit = LIMITS[channel];
  const linkWeight = LINK_WEIGHT[channel] ?? graphemes(options.link).length;
  const prefix = options.prefix ? `${options.prefix} ` : "";
  if (options.heading) {
    const lines = [`${prefix}${options.heading}`];
    let used = graphemes(lines[0]!).length + 1 + linkWeight;
    for (const line of body(listings, options.heading).slice(1)) {
      const weight = graphemes(line).length;
      if (used + weight + 1 > limit) break;
      lines.push(line);
      used += weight + 1;
    }
    return [...lines, options.link].join("\n");
  }
  const [first = "", second = ""] = body(listings);
  const room = limit - linkWeight - 2 - graphemes(prefix).length - graphemes(second).length;
  const title = cut(first, Math.max(10, room));
  return [`${prefix}${title}`, second, options.link].filter(Boolean).join("\n");
}

/** Where `part` starts and ends in `text`, in UTF-8 bytes (Bluesky's facets count bytes). */
export function byteRange(text: string, part: string): { byteStart: number; byteEnd: number } {
  const at = text.lastIndexOf(part);
  const byteStart = Buffer.byteLength(text.slice(0, at), "utf8");
  return { byteStart, byteEnd: byteStart + Buffer.byteLength(part, "utf8") };
}
