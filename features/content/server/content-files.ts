import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/** Where our own Markdown lives: blog posts, legal documents, partner offers. */
export const CONTENT_DIR = join(process.cwd(), "content");

export type ContentFile<T> = { name: string; data: T; body: string };

/**
 * content/{folder}/{name}.md, its front matter checked against `schema`: a bad file stops the
 * build with its name and the problem, instead of making a broken page.
 */
export async function readContentFile<S extends z.ZodType>(
  folder: string,
  name: string,
  schema: S,
): Promise<ContentFile<z.output<S>>> {
  const file = join(CONTENT_DIR, folder, `${name}.md`);
  // Loaded when a file is read (a new board's first start, a build): gray-matter brings js-yaml
  // and esprima, some 1.2 MB of source a server would otherwise hold for good.
  const { default: matter } = await import("gray-matter");
  const { data, content } = matter(await readFile(file, "utf8"));
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`content/${folder}/${name}.md: ${parsed.error.message}`);
  return { name, data: parsed.data, body: content };
}

/** Every Markdown file in content/{folder}, as readContentFile reads each. */
export async function readContentFolder<S extends z.ZodType>(
  folder: string,
  schema: S,
): Promise<ContentFile<z.output<S>>[]> {
  const names = (await readdir(join(CONTENT_DIR, folder)))
    .filter((file) => file.endsWith(".md"))
    .map((file) => file.slice(0, -".md".length))
    .sort();
  return Promise.all(names.map((name) => readContentFile(folder, name, schema)));
}

/** A YAML date (gray-matter reads 2025-10-01 as a Date) or text, as YYYY-MM-DD. */
export const dayDate = z.union([z.date(), z.string()]).transform((value, context) => {
  const date = value instanceof Date ? value : new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) {
    context.addIssue({ code: "custom", message: "use a YYYY-MM-DD date" });
    return z.NEVER;
  }
  return date.toISOString().slice(0, 10);
});

/** Minutes to read a text at 220 words a minute, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}

/**
 * `load`, run once per process and its result kept (content changes only with a deploy); a
 * failure is not kept, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
