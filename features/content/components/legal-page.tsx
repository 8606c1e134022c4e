import { ArrowDownTrayIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";
import { ContentPage } from "@/features/content/components/content-page";
import { formatDate } from "@/lib/format";
import { LEGAL_DOCUMENTS, legalPdfPath, type LegalPageProps } from "@/features/content/legal";
import { legalCard } from "@/features/content/og-cards";
import { SUPPORT_EMAIL } from "@/lib/site";
import { RichText } from "@/components/ui/rich-text";

/** A legal document to read on the page, with its PDF and the other documents beside it. */
export function LegalPage({ document, titles }: LegalPageProps) {
  const path = LEGAL_DOCUMENTS.find((entry) => entry.name === document.name)!.path;
  return (
    <ContentPage
      eyebrow="Legal"
      title={document.title}
      description={document.summary}
      path={path}
      card={legalCard(document)}
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_16rem]">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-4 border-b border-gray-200 pb-6">
            <p className="text-sm text-gray-600">
              Last updated <time dateTime={document.updated}>{formatDate(document.updated)}</time>
            </p>
            <a
              href={legalPdfPath(document.name)}
              download
              className="inline-flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-xs ring-1 ring-gray-300 hover:bg-gray-50"
            >
              <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
              Download PDF
            </a>
          </div>
          <RichText html={document.html} className="mt-8 max-w-3xl" />
          <p className="mt-10 max-w-3xl text-sm text-gray-600">
            Questions about this document? Write to{" "}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-violet-700 underline">
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </div>
        <nav aria-label="Legal documents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold text-gray-900">Legal documents</h2>
          <ul role="list" className="mt-3 space-y-2 text-sm">
            {LEGAL_DOCUMENTS.map((entry) => (
              <li key={entry.name}>
                <Link
                  href={entry.path}
                  aria-current={entry.name === document.name ? "page" : undefined}
                  className="text-gray-600 hover:text-gray-900 aria-[current=page]:font-semibold aria-[current=page]:text-violet-700"
                >
                  {titles[entry.name]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </ContentPage>
  );
}
