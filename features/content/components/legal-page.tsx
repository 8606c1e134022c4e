import { ArrowDownTrayIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";
import { ContentPage } from "@/features/content/components/content-page";
import { formatDate } from "@/lib/format";
import {
  LEGAL_DOCUMENTS,
  legalPagePath,
  legalPdfPath,
  type LegalPageProps,
} from "@/features/content/legal";
import { legalCard } from "@/features/content/og-cards";
import { boardSettings } from "@/lib/board-settings";
import { RichText } from "@/components/ui/rich-text";

/**
 * A legal document to read on the page at one version (issue 64), with its PDF, its versions and
 * the other documents beside it. An older version says so and links to the current one.
 */
export function LegalPage({ document, titles, versions }: LegalPageProps) {
  const isCurrent = document.version === document.current;
  const path = legalPagePath(document.name, isCurrent ? undefined : document.version);
  return (
    <ContentPage
      eyebrow="Legal"
      title={document.title}
      description={document.summary}
      path={path}
      card={legalCard(document)}
    >
      {!isCurrent && (
        <p className="mb-8 rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          This is version {document.version}, replaced since.{" "}
          <Link href={legalPagePath(document.name)} className="font-semibold underline">
            Read the current version ({document.current})
          </Link>
          .
        </p>
      )}
      <div className="grid gap-10 lg:grid-cols-[1fr_16rem]">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center justify-between gap-4 border-b border-gray-200 pb-6">
            <p className="text-sm text-gray-600">
              Version {document.version} · {isCurrent ? "Last updated" : "Published"}{" "}
              <time dateTime={document.updated}>{formatDate(document.updated)}</time>
            </p>
            <a
              href={legalPdfPath(document.name, isCurrent ? undefined : document.version)}
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
            <a
              href={`mailto:${boardSettings().contactEmail}`}
              className="font-medium text-violet-700 underline"
            >
              {boardSettings().contactEmail}
            </a>
            .
          </p>
          <section aria-labelledby="legal-versions" className="mt-12 max-w-3xl">
            <h2 id="legal-versions" className="text-base font-semibold text-gray-900">
              Versions
            </h2>
            <ol role="list" className="mt-4 divide-y divide-gray-200 border-y border-gray-200">
              {versions.map((entry) => (
                <li key={entry.version} className="py-3 text-sm">
                  <p className="font-medium text-gray-900">
                    {entry.version === document.version ? (
                      <span aria-current="page">Version {entry.version}</span>
                    ) : (
                      <Link
                        href={legalPagePath(
                          document.name,
                          entry.version === document.current ? undefined : entry.version,
                        )}
                        className="text-violet-700 underline"
                      >
                        Version {entry.version}
                      </Link>
                    )}{" "}
                    <span className="font-normal text-gray-600">
                      · <time dateTime={entry.published_on}>{formatDate(entry.published_on)}</time>
                      {entry.version === document.current && " · current"}
                    </span>
                  </p>
                  <p className="mt-1 text-gray-700">{entry.summary}</p>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <nav aria-label="Legal documents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold text-gray-900">Legal documents</h2>
          <ul role="list" className="mt-3 space-y-2 text-sm">
            {LEGAL_DOCUMENTS.map((entry) => (
              <li key={entry.name}>
                <Link
                  href={entry.path}
                  aria-current={entry.name === document.name && isCurrent ? "page" : undefined}
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
