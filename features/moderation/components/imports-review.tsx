import dynamic from "next/dynamic";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import {
  headClass,
  linkButtonClass,
  TableFrame,
  tableClass,
  tdClass,
  thClass,
} from "@/components/ui/data-table";
import {
  boardName,
  refusalOf,
  reportCounts,
  StatusBadge,
} from "@/features/imports/components/import-parts";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { formatDateTime } from "@/lib/format-time";
import { LoadFailed } from "@/components/ui/load-failed";
import { Refusal } from "@/components/ui/refusal";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import {
  useModeratorImports,
  useSetImportStatus,
  type ModeratorImportSource,
} from "@/features/imports/hooks/use-imports";
import { routes } from "@/lib/routes";

// The form to import a board for a company (react-hook-form's) loads when a moderator asks for it.
const AddForCompanyForm = dynamic(
  () =>
    import("@/features/moderation/components/import-for-company").then(
      (module) => module.AddForCompanyForm,
    ),
  {
    ssr: false,
    loading: () => (
      <p role="status" className="text-sm text-gray-600">
        Opening the form…
      </p>
    ),
  },
);

// The pause dialog (Headless UI's) loads when a moderator first presses Pause.
const PauseImportDialog = dynamic(
  () =>
    import("@/features/moderation/components/import-dialogs").then(
      (module) => module.PauseImportDialog,
    ),
  { ssr: false },
);

function LastRun({ source }: { source: ModeratorImportSource }) {
  return (
    <>
      {source.last_report ? (
        <>
          <span className="block whitespace-nowrap text-gray-900">
            {formatDateTime(source.last_report.at)}
          </span>
          <span className="block text-xs text-gray-600">{reportCounts(source.last_report)}</span>
        </>
      ) : (
        <span className="text-gray-600">Not run yet</span>
      )}
      {source.failures > 0 && (
        <span className="mt-1 block text-xs font-medium text-red-700">
          {source.failures} failed {source.failures === 1 ? "run" : "runs"}
          {source.last_error && <>: {source.last_error}</>}
        </span>
      )}
    </>
  );
}

/**
 * Review a first import (on its own page), pause or resume: each said in the page's status
 * line, or refused beside it.
 */
function SourceActions({
  source,
  onSaid,
  onPause,
}: {
  source: ModeratorImportSource;
  onSaid: (said: string) => void;
  onPause: () => void;
}) {
  const resume = useSetImportStatus();
  const name = `${boardName(source)} (${source.company.name})`;
  const error = resume.error;
  return (
    <span className="flex flex-col items-start gap-2">
      {!source.reviewed && (
        // Approved on its own page, after its listings are read (issue 61).
        <Link href={routes.reviewImport(source.id)} className={linkButtonClass}>
          Review first import<span className="sr-only"> of {name}</span>
        </Link>
      )}
      {source.status === "active" ? (
        <button type="button" className={linkButtonClass} onClick={onPause}>
          Pause<span className="sr-only"> {name}</span>
        </button>
      ) : (
        <button
          type="button"
          className={linkButtonClass}
          aria-disabled={resume.isPending || undefined}
          onClick={() =>
            !resume.isPending &&
            resume.mutate(
              { source, change: { status: "active" } },
              { onSuccess: () => onSaid(`Resumed ${name}.`) },
            )
          }
        >
          Resume<span className="sr-only"> {name}</span>
        </button>
      )}
      {error !== null && (
        <span className="whitespace-normal">
          <Refusal message={refusalOf(error, "It was not changed. Please try again.")} />
        </span>
      )}
    </span>
  );
}

/** The host of an address, for a line of text ("studio.example"); the text itself otherwise. */
const hostOf = (address: string) =>
  URL.canParse(address) ? new URL(address).hostname.replace(/^www\./, "") : address;

/**
 * What supports a company's claim to its board (issue 60): what the board says of itself against
 * what the company is, and who else claims the board, for a moderator to weigh before approving.
 */
function ClaimEvidence({ source }: { source: ModeratorImportSource }) {
  const { claim } = source;
  const facts = [
    claim.ats_company_name && `The board names ${claim.ats_company_name}`,
    claim.ats_site && `its jobs are on ${claim.ats_site}`,
    claim.company_website && `the company's site is ${hostOf(claim.company_website)}`,
    claim.claimed_from && `claimed from an address at ${claim.claimed_from}`,
  ].filter(Boolean);
  return (
    <>
      {facts.length > 0 && (
        <span className="mt-1 block text-xs text-gray-600">{facts.join("; ")}.</span>
      )}
      {claim.competing.length > 0 && (
        <span className="mt-1 block text-xs font-medium text-amber-800">
          Also claimed by{" "}
          {claim.competing
            .map((other) => `${other.company.name}${other.reviewed ? " (approved)" : ""}`)
            .join(", ")}
        </span>
      )}
    </>
  );
}

/** A cell's heading, shown above it on a phone, where the table's rows stack (issue 61). */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="block text-xs font-medium text-gray-500 md:hidden">
      {children}
    </span>
  );
}

/** A cell: a column from md on; on a phone, one of the row's stacked lines. */
const cellClass = `${tdClass} max-md:block max-md:py-1.5`;

/**
 * The sources, a row each. From md on a table; on a phone each row stacks its cells, so its
 * actions are on screen, not beyond a table wider than it (issue 61).
 */
function SourcesTable({
  sources,
  onSaid,
  onPause,
}: {
  sources: ModeratorImportSource[];
  onSaid: (said: string) => void;
  onPause: (source: ModeratorImportSource) => void;
}) {
  return (
    <TableFrame label="Import sources">
      <table className={`${tableClass} max-md:block`}>
        <caption className="sr-only">Import sources, newest first</caption>
        <thead className={`${headClass} max-md:sr-only`}>
          <tr>
            <th scope="col" className={thClass}>
              Company
            </th>
            <th scope="col" className={thClass}>
              Board
            </th>
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Live
            </th>
            <th scope="col" className={thClass}>
              Last run
            </th>
            <th scope="col" className={thClass}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 max-md:block">
          {sources.map((source) => (
            <tr key={source.id} className="max-md:block max-md:py-2">
              <td className={`${cellClass} md:min-w-40`}>
                <Link
                  href={routes.company(source.company.slug)}
                  className="font-medium text-violet-700 hover:underline"
                >
                  {source.company.name}
                </Link>
                {source.members === 0 && (
                  <span className="block text-xs text-gray-500">No account yet</span>
                )}
              </td>
              <td className={`${cellClass} md:min-w-48`}>
                <PhoneLabel>Board</PhoneLabel>
                <span className="break-all">{boardName(source)}</span>
                <ClaimEvidence source={source} />
              </td>
              <td className={`${cellClass} md:min-w-44`}>
                <PhoneLabel>Status</PhoneLabel>
                <span className="flex flex-wrap gap-1">
                  <StatusBadge source={source} />
                  {source.reviewed ? (
                    <Badge tone="green">Reviewed</Badge>
                  ) : (
                    <Badge tone="amber">Waiting for review</Badge>
                  )}
                </span>
                {source.status === "paused" && source.paused_reason && (
                  <span className="mt-1 block text-xs text-gray-600">{source.paused_reason}</span>
                )}
              </td>
              <td className={`${cellClass} tabular-nums md:text-right`}>
                <PhoneLabel>Live listings</PhoneLabel>
                {source.live_listings}
              </td>
              <td className={`${cellClass} md:min-w-52`}>
                <PhoneLabel>Last run</PhoneLabel>
                <LastRun source={source} />
              </td>
              <td className={`${cellClass} md:min-w-44`}>
                <SourceActions source={source} onSaid={onSaid} onPause={() => onPause(source)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/**
 * /review/imports (issue 46): every import source, newest first, with its company; approve a
 * first import, pause one (saying why) or resume it; and import a board for a company.
 */
export function ImportsReview() {
  const { data, isPending, isError, refetch } = useModeratorImports(true);
  const [pausing, setPausing] = useState<ModeratorImportSource | null>(null);
  const [said, setSaid] = useState("");
  const [adding, setAdding] = useState(false);

  let list;
  if (isPending) list = <ProfileScreenLoading />;
  else if (isError && !data) list = <LoadFailed what="The imports" retry={() => void refetch()} />;
  else if (!data || data.sources.length === 0) {
    list = (
      <EmptyList title="No imports yet">
        Companies connect their applicant tracking systems on their imports page, or you import a
        board for one below.
      </EmptyList>
    );
  } else list = <SourcesTable sources={data.sources} onSaid={setSaid} onPause={setPausing} />;

  return (
    <div className="space-y-6">
      <p role="status" className="text-sm font-medium text-emerald-800">
        {said}
      </p>
      {list}
      {adding ? (
        <AddForCompanyForm onAdded={setSaid} />
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          Import a board for a company
        </Button>
      )}
      {pausing && (
        <PauseImportDialog source={pausing} onClose={() => setPausing(null)} onPaused={setSaid} />
      )}
    </div>
  );
}
