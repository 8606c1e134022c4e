import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { FormSection } from "@/components/ui/form-controls";
import { embedSnippets } from "@/features/embed/snippets";
import { SITE_URL } from "@/lib/site";

/** A bit of code in a sentence, never broken across lines. */
const Code = ({ children }: { children: ReactNode }) => (
  <code className="font-mono text-[0.8125rem] whitespace-nowrap">{children}</code>
);

/** One snippet: its label, the code to select or copy, and what the copy did. */
function Snippet({ label, hint, code }: { label: string; hint: ReactNode; code: string }) {
  const id = useId();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("yes");
    } catch {
      // No clipboard (an old browser, a refused permission): the code is there to select.
      setCopied("no");
    }
  };
  return (
    <div>
      <label htmlFor={`${id}-code`} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-sm text-gray-600">
        {hint}
      </p>
      <textarea
        id={`${id}-code`}
        readOnly
        rows={3}
        value={code}
        aria-describedby={`${id}-hint`}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-2 block w-full rounded-lg border border-gray-300 bg-gray-50 p-2 font-mono text-xs text-gray-900"
      />
      <div className="mt-2 flex items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy {label.toLowerCase()}
        </Button>
        <p role="status" className="min-h-5 text-sm text-gray-600">
          {copied === "yes" && "Copied."}
          {copied === "no" && "Could not copy: select the code and copy it."}
        </p>
      </div>
    </div>
  );
}

/**
 * "Show your jobs on your site" (issue 66), on the employer's company screen: the one-line frame
 * and the web component, each to copy, and the frame to look at. Every title links to its page on
 * the board, where candidates apply.
 */
export function EmbedSnippets({ company }: { company: { slug: string; name: string } }) {
  const snippets = embedSnippets(SITE_URL, company);
  return (
    <FormSection
      id="embed"
      title="Show your jobs on your site"
      lead="Paste one of these into your careers page: it lists your live jobs, each linking to its page here, where candidates apply. It changes by itself as your listings go live and end."
    >
      <Snippet
        label="Frame"
        hint={
          <>
            Works everywhere, with no script. Add <Code>?theme=dark</Code> to its address for a dark
            page, or <Code>?limit=5</Code> for fewer jobs.
          </>
        }
        code={snippets.iframe}
      />
      <Snippet
        label="Web component"
        hint={
          <>
            Draws the list into your page, styled by your own CSS (classes{" "}
            <Code>creator-jobs-list</Code>, <Code>-job</Code>, <Code>-title</Code>,{" "}
            <Code>-facts</Code>, <Code>-credit</Code>). Add <Code>limit=&quot;5&quot;</Code> for
            fewer jobs.
          </>
        }
        code={snippets.component}
      />
      <p className="text-sm">
        <a
          href={snippets.frameUrl}
          target="_blank"
          rel="noopener"
          className="font-medium text-violet-700 underline underline-offset-2 hover:text-violet-900"
        >
          See the frame as it looks (opens in a new tab)
        </a>
      </p>
    </FormSection>
  );
}
