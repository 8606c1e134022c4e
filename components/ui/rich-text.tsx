/**
 * Long-form text as HTML, styled for reading. The HTML must come from lib/markdown.ts,
 * whose sanitiser lets no script, style or event handler through.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`prose prose-gray prose-headings:tracking-tight prose-a:text-violet-700 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
