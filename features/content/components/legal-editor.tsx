import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/form-controls";
import { Link } from "@/components/ui/link";
import { MarkdownField } from "@/components/ui/markdown-field";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
import { useLegalVersions, usePublishLegalVersion } from "@/features/content/hooks/use-legal";
import { hasFieldErrors } from "@/lib/error-toast";
import { formatDate } from "@/lib/format";
import { serverMessage } from "@/lib/form-errors";
import { LEGAL_DOCUMENTS, legalPagePath, type LegalDocumentName } from "@/features/content/legal";
import type { ConsoleLegalVersion } from "@/features/content/legal-schemas";

/*
 * /review/legal (issue 64): an editor picks a legal document, edits its current text in
 * Markdown with a preview, says what changed and publishes it as a new version. Below, every
 * version with its date and summary, each linking to its page.
 */

type Errors = { body?: string; summary?: string; server?: string };

function VersionForm({
  document,
  current,
  onPublished,
}: {
  document: LegalDocumentName;
  current: ConsoleLegalVersion;
  onPublished: (version: ConsoleLegalVersion) => void;
}) {
  const [body, setBody] = useState(current.body);
  const [summary, setSummary] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const publish = usePublishLegalVersion(document);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (body.trim() === "") found.body = "Write the document's text";
    if (summary.trim() === "") found.summary = "Say what changed";
    setErrors(found);
    if (found.body || found.summary) return;
    publish.mutate(
      { body, summary },
      {
        onSuccess: onPublished,
        onError: (error) => {
          if (hasFieldErrors(error)) {
            setErrors({
              body: error.errors.body?.join(" "),
              summary: error.errors.summary?.join(" "),
            });
          } else {
            setErrors({
              server: serverMessage(error, "The version was not published. Try again."),
            });
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <MarkdownField
        label="Text (Markdown)"
        hint="The whole document. Figures the board sets are written {{NAME}} and filled in on the page."
        error={errors.body}
        markdown={body}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <TextField
        label="What changed"
        hint="Shown in the list of versions and to people asked to accept the new version."
        error={errors.summary}
        value={summary}
        maxLength={500}
        onChange={(event) => setSummary(event.target.value)}
      />
      <Refusal message={errors.server} />
      <Button type="submit" variant="primary" busy={publish.isPending}>
        Publish version {current.version + 1}
      </Button>
    </form>
  );
}

export function LegalEditor() {
  const [document, setDocument] = useState<LegalDocumentName>("privacy");
  const [published, setPublished] = useState<string | null>(null);
  const { data, isPending, error } = useLegalVersions(document);
  const current = data?.versions[0];

  return (
    <div className="space-y-8">
      <SelectField
        label="Document"
        value={document}
        onChange={(event) => {
          setDocument(event.target.value as LegalDocumentName);
          setPublished(null);
        }}
        options={LEGAL_DOCUMENTS.map((entry) => ({ value: entry.name, label: entry.label }))}
      />
      {published && (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-800">
          {published}
        </p>
      )}
      {isPending ? (
        <ProfileScreenLoading />
      ) : error || !current ? (
        <Refusal message={serverMessage(error, "The versions could not be loaded.")} />
      ) : (
        <>
          <VersionForm
            key={`${document}@${current.version}`}
            document={document}
            current={current}
            onPublished={(version) =>
              setPublished(`Published version ${version.version}. Its page and PDF show it now.`)
            }
          />
          <section aria-labelledby="legal-versions-title">
            <h2 id="legal-versions-title" className="text-base font-semibold text-gray-900">
              Versions
            </h2>
            <ol role="list" className="mt-3 divide-y divide-gray-200 border-y border-gray-200">
              {data.versions.map((version) => (
                <li key={version.version} className="py-3 text-sm">
                  <Link
                    href={legalPagePath(
                      document,
                      version.version === current.version ? undefined : version.version,
                    )}
                    className="font-medium text-violet-700 underline"
                  >
                    Version {version.version}
                  </Link>{" "}
                  <span className="text-gray-600">
                    · {formatDate(version.published_at)}
                    {version.version === current.version && " · current"}
                  </span>
                  <p className="mt-1 text-gray-700">{version.summary}</p>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </div>
  );
}
