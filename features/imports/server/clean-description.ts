import type { Element, ElementContent, Root, RootContent } from "hast";
import rehypeParse from "rehype-parse";
import rehypeRemark from "rehype-remark";
import rehypeSanitize, { type Options as SanitizeSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import { DESCRIPTION_LIMITS } from "@/features/listings/submission-schemas";

/*
 * An ATS's job description (HTML, hostile) as the board's Markdown (issue 46): only what the
 * board renders survives, and the ATS's own page furniture ("Apply now", "Powered by
 * Greenhouse") is left out, as it means nothing on the board.
 */

/**
 * HTML past this is not read: a description is never near it (the board keeps 20,000 characters
 * of Markdown), and the work is bounded by it: dense markup this long takes about a second.
 */
export const MAX_DESCRIPTION_HTML = 100_000;

/** Link and paragraph texts that are the ATS's page, not the job, once normalised (boilerplate). */
const BOILERPLATE = new RegExp(
  "^(" +
    [
      "read more",
      "(click here to )?apply( now| here| today| online)?",
      "apply (for|to) this (job|position|role|opening|vacancy)",
      "(view|see) all (open )?(jobs|openings|positions|roles|vacancies)",
      "back to (all )?(jobs|openings|positions|careers|job board)",
      "powered by (greenhouse|lever|ashby|workable|recruitee|smartrecruiters|bamboohr|jazzhr|teamtailor|personio|breezy( hr)?|workday|jobvite|icims)( io)?",
    ].join("|") +
    ")$",
);

/** Elements that are a block of their own, dropped whole when their text is boilerplate. */
const BLOCKS = new Set(["p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "section", "footer"]);

/** Elements that say something with no text in them: never dropped for being empty. */
const VOIDS = new Set(["br", "hr"]);

/** Headings the board shows: a page's h1 is its title, so the description's start at h2. */
const HEADING_LEVELS: Record<string, string> = { h1: "h2", h5: "h4", h6: "h4" };

/** The headings a description keeps (HEADING_LEVELS brings the others into them). */
const HEADINGS = new Set(["h2", "h3", "h4"]);

/** What may be inside a heading's line: words, emphasis, links and line breaks. */
const PHRASING = new Set(["strong", "b", "em", "i", "a", "span", "br"]);

/** Whether an element holds anything but phrasing (a list, a table, a paragraph…). */
const holdsBlocks = (node: Element): boolean =>
  node.children.some(
    (child) => child.type === "element" && (!PHRASING.has(child.tagName) || holdsBlocks(child)),
  );

/** All of an element's text, in order. */
const textOf = (node: Element): string =>
  node.children
    .map((child) =>
      child.type === "text" ? child.value : child.type === "element" ? ` ${textOf(child)} ` : "",
    )
    .join("");

/** Normalised for matching: lowercase words, no punctuation or arrows around them. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** A link's address as the board keeps it: an absolute http(s) or mailto address, else null. */
function linkAddress(href: unknown): string | null {
  if (typeof href !== "string" || !/^\s*(https?:\/\/|mailto:)/i.test(href)) return null;
  try {
    return new URL(href.trim()).href;
  } catch {
    return null;
  }
}

/** The longest text kept per node while pruning: boilerplate is short, so more never matches. */
const TEXT_KEPT = 100;

/**
 * Drops the ATS's boilerplate links and blocks (and what they leave empty), unwraps links to
 * anything but http(s) or mailto (relative ones would point at the board), and brings headings
 * into h2-h4. Returns the node's text (at most TEXT_KEPT characters) and whether it lost any.
 */
function prune(node: Root | Element): { text: string; removed: boolean } {
  let text = "";
  let removed = false;
  const kept: (RootContent | ElementContent)[] = [];
  for (const child of node.children) {
    if (child.type === "text") {
      kept.push(child);
      text = (text + child.value).slice(0, TEXT_KEPT * 2);
      continue;
    }
    if (child.type !== "element") {
      kept.push(child);
      continue;
    }
    const inner = prune(child);
    const said = words(inner.text);
    const boilerplate =
      (child.tagName === "a" || BLOCKS.has(child.tagName)) && BOILERPLATE.test(said);
    const emptied = inner.removed && said === "" && !VOIDS.has(child.tagName);
    if (boilerplate || emptied) {
      removed = true;
      continue;
    }
    removed ||= inner.removed;
    child.tagName = HEADING_LEVELS[child.tagName] ?? child.tagName;
    // A heading holds a line of words: lists or tables put in one (as broken HTML may) would be
    // written as a heading's line followed by indented lines, which Markdown reads as code.
    if (HEADINGS.has(child.tagName) && holdsBlocks(child)) {
      const line = textOf(child).replace(/\s+/gu, " ").trim();
      if (line === "") {
        removed = true;
        continue;
      }
      child.children = [{ type: "text", value: line }];
    }
    if (child.tagName === "a") {
      const href = linkAddress(child.properties.href);
      if (href === null) {
        kept.push(...child.children);
      } else {
        child.properties = { href };
        kept.push(child);
      }
    } else {
      kept.push(child);
    }
    text = (text + " " + inner.text).slice(0, TEXT_KEPT * 2);
  }
  node.children = kept as typeof node.children;
  return { text: text.slice(0, TEXT_KEPT), removed };
}

/**
 * What the board keeps of a description's HTML: paragraphs, emphasis, lists, h2-h4, quotes,
 * rules, tables and http(s)/mailto links, with no attributes but a link's address. Containers
 * (div, section, span) are kept only so paragraphs stay apart on the way to Markdown, which has
 * none. Scripts, styles, frames and forms go with everything in them; images go.
 */
const SCHEMA: SanitizeSchema = {
  tagNames: [
    ...["p", "br", "strong", "b", "em", "i", "ul", "ol", "li", "h2", "h3", "h4", "a"],
    ...["blockquote", "hr", "div", "span", "section", "article", "header", "footer", "main"],
    ...["table", "thead", "tbody", "tfoot", "tr", "th", "td"],
  ],
  attributes: { a: ["href"] },
  protocols: { href: ["http", "https", "mailto"] },
  ancestors: {
    li: ["ol", "ul"],
    ...Object.fromEntries(
      ["thead", "tbody", "tfoot", "tr", "th", "td"].map((tag) => [tag, ["table"]]),
    ),
  },
  strip: [
    ...["script", "style", "iframe", "frame", "noscript", "template", "object", "embed"],
    ...["svg", "math", "head", "title", "textarea", "select", "button", "audio", "video"],
  ],
  clobber: [],
  allowComments: false,
  allowDoctypes: false,
};

/** The HTML as the tree whose text the Markdown is written from: parsed, pruned, sanitised. */
const toTree = unified()
  .use(rehypeParse, { fragment: true })
  .use(() => (tree: Root) => void prune(tree))
  .use(rehypeSanitize, SCHEMA)
  .freeze();

const processor = toTree()
  .use(rehypeRemark)
  .use(remarkGfm)
  .use(remarkStringify, { bullet: "-", emphasis: "_", strong: "*", rule: "-" })
  .freeze();

/** Markdown cut to the board's longest description, at a paragraph's end where there is one. */
export function fitDescription(markdown: string, max: number = DESCRIPTION_LIMITS.max): string {
  const text = markdown.trim();
  if (text.length <= max) return text;
  const room = text.slice(0, max + 1);
  // A cut well inside the text, not one that leaves a line or two.
  const floor = Math.floor(max / 2);
  for (const boundary of ["\n\n", "\n", " "]) {
    const at = room.lastIndexOf(boundary);
    if (at > floor) return text.slice(0, at).trim();
  }
  // One long word: cut it, but not between the halves of a character.
  const cut = /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max;
  return text.slice(0, cut).trim();
}

/**
 * Whether cleanDescription(html) surely has at least `min` characters, told for a fraction of
 * its cost (a sixth, for an ordinary posting): the HTML is parsed, pruned and sanitised as
 * cleanDescription does, and the tree's text counted, not written out as Markdown. Every
 * character of that text but whitespace is in the Markdown (rehype-remark only collapses
 * whitespace; remark-stringify only adds escapes and marks), so `min` of them is enough. False
 * says "not sure": clean it to know. A preview counts its importable jobs so.
 */
export function surelyLongEnough(html: string, min: number): boolean {
  if (typeof html !== "string") return false;
  try {
    const tree = toTree.runSync(toTree.parse(html.slice(0, MAX_DESCRIPTION_HTML)));
    let found = 0;
    const count = (node: Root | RootContent): boolean => {
      if (node.type === "text") found += node.value.replace(/\s+/gu, "").length;
      else if ("children" in node) for (const child of node.children) if (count(child)) break;
      return found >= min;
    };
    return count(tree);
  } catch {
    return false;
  }
}

/**
 * An ATS's description HTML as the board's Markdown, sanitised and without the ATS's
 * boilerplate, within DESCRIPTION_LIMITS.max. Never throws: HTML it cannot read (nested past
 * what the parser's recursion takes, say) gives "", which the submit rules then refuse.
 */
export async function cleanDescription(html: string): Promise<string> {
  if (typeof html !== "string") return "";
  try {
    const file = await processor.process(html.slice(0, MAX_DESCRIPTION_HTML));
    return fitDescription(String(file));
  } catch {
    return "";
  }
}
