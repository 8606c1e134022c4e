import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  // GitHub's allow-list: no scripts, styles, event handlers or javascript: URLs survive.
  .use(rehypeSanitize)
  .use(rehypeStringify)
  .freeze();

/**
 * Markdown from employers (or our own content) as HTML that is safe to put in a page. The
 * /submit form loads this module on demand for its preview, so employers see exactly what the
 * job page will show.
 */
export async function renderMarkdown(markdown: string): Promise<string> {
  return String(await processor.process(markdown));
}
