import { useEffect, useState } from "react";

/**
 * Markdown as the job page renders it (lib/markdown.ts, sanitised), rendered in the browser
 * once `active`; the renderer is loaded on first use only. Null until it is ready.
 */
export function useMarkdownHtml(markdown: string, active = true, delayMs = 0): string | null {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let current = true;
    const timer = setTimeout(() => {
      void import("@/lib/markdown")
        .then(({ renderMarkdown }) => renderMarkdown(markdown))
        .then((rendered) => current && setHtml(rendered));
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [active, delayMs, markdown]);
  return html;
}
