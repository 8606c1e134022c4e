import { Description, Field, Label, Textarea, type TextareaProps } from "@headlessui/react";
import { useState } from "react";
import { RichText } from "@/components/ui/rich-text";
import { Tabs } from "@/components/ui/tabs";
import { useMarkdownHtml } from "@/hooks/use-markdown-html";

type MarkdownFieldProps = TextareaProps & {
  label: string;
  hint: string;
  error?: string;
  /** The text as typed, for the preview. */
  markdown: string;
};

const tabClass =
  "cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-violet-600 data-selected:bg-white data-selected:text-gray-900 data-selected:shadow-xs";

/**
 * A Markdown text area with a Write / Preview switch; the preview is the description as the
 * job page will show it. The textarea stays mounted, so nothing typed is lost between tabs.
 */
export function MarkdownField({ label, hint, error, markdown, ...textarea }: MarkdownFieldProps) {
  const [tab, setTab] = useState(0);
  // Typing pauses briefly before the preview renders again.
  const html = useMarkdownHtml(markdown, tab === 1, 150);
  return (
    <Field>
      <Label className="block text-sm font-medium text-gray-900">{label}</Label>
      <Tabs
        label="Description view"
        selected={tab}
        onSelect={setTab}
        className="mt-2"
        tabListClassName="inline-flex gap-1 rounded-lg bg-gray-100 p-1"
        tabClassName={tabClass}
        panelsClassName="mt-2"
        tabs={[
          {
            title: "Write",
            panelHasStop: true,
            panel: (
              <Textarea
                {...textarea}
                invalid={Boolean(error)}
                rows={14}
                className="block w-full rounded-lg bg-white px-3 py-2 font-mono text-sm text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-violet-600 data-invalid:outline-red-500"
              />
            ),
          },
          {
            title: "Preview",
            panelClassName:
              "min-h-[22rem] rounded-lg bg-white p-4 ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-violet-600",
            panel:
              markdown.trim() === "" ? (
                <p className="text-sm text-gray-500">Nothing to preview yet.</p>
              ) : html === null ? (
                <p className="text-sm text-gray-500">Rendering the preview…</p>
              ) : (
                <RichText html={html} className="max-w-none text-sm" />
              ),
          },
        ]}
      />
      {error ? (
        <Description className="mt-1.5 text-sm font-medium text-red-700">{error}</Description>
      ) : (
        <Description className="mt-1.5 text-sm text-gray-500">{hint}</Description>
      )}
    </Field>
  );
}
