import dynamic from "next/dynamic";
import { useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import {
  headClass,
  linkButtonClass,
  TableFrame,
  tableClass,
  tdClass,
  thClass,
} from "@/components/ui/data-table";
import { boardName, refusalOf, reportCounts, StatusBadge } from "@/components/imports/import-parts";
import { EmptyList, ProfileScreenLoading } from "@/components/profile/profile-screen-state";
import { formatDateTime } from "@/components/review/format-time";
import { LoadFailed, Refusal } from "@/components/team/team-parts";
import { FormSelectField, FormTextField } from "@/components/ui/form-fields";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { Link } from "@/components/ui/link";
import { RegionCard } from "@/components/ui/region-card";
import {
  useAddImportForCompany,
  useApproveImport,
  useModeratorImports,
  useSetImportStatus,
  type ModeratorImportSource,
} from "@/hooks/use-imports";
import { showServerFieldErrors } from "@/lib/form-errors";
import { ATS_BOARD_HINTS, ATS_KINDS, ATS_LABELS, type AtsKind } from "@/lib/imports/ats";
import { routes } from "@/lib/routes";

// The pause dialog (Headless UI's) loads when a moderator first presses Pause.
const PauseImportDialog = dynamic(
  () => import("@/components/review/import-dialogs").then((module) => module.PauseImportDialog),
  { ssr: false },
);

/** Named as the API names its fields, so that a 422 shows by each. */
type AddValues = {
  ats: AtsKind;
  board: string;
  which: "existing" | "new";
  company_id: string;
  company: { name: string; website: string };
};

const SERVER_FIELDS = ["ats", "board", "company_id", "company.name", "company.website"] as const;

const ATS_OPTIONS = ATS_KINDS.map((kind) => ({ value: kind, label: ATS_LABELS[kind] }));

const radioClass = "size-4 shrink-0 accent-violet-600";

/**
 * A board imported for a company (a backfill): one on the board, by its id, or a new one by name
 * and website, with no account until an employer at its domain claims it. Reviewed as it is
 * added; the server's refusals show by their fields.
 */
function AddForCompanyForm({ onAdded }: { onAdded: (said: string) => void }) {
  const add = useAddImportForCompany();
  const form = useForm<AddValues>({
    defaultValues: {
      ats: "greenhouse",
      board: "",
      which: "existing",
      company_id: "",
      company: { name: "", website: "" },
    },
  });
  const { handleSubmit, setError, reset, control, register } = form;
  const [ats, which] = useWatch({ control, name: ["ats", "which"] });

  const onSubmit = handleSubmit((values) => {
    if (add.isPending) return;
    const company =
      values.which === "existing"
        ? { company_id: Number(values.company_id) }
        : { company: values.company };
    add.mutate(
      { ats: values.ats, board: values.board, ...company },
      {
        onSuccess: ({ source }) => {
          onAdded(`Import added: ${boardName(source)}. Its board is read now.`);
          reset();
        },
        onError: (error) => {
          if (!showServerFieldErrors(error, setError, SERVER_FIELDS)) {
            setError("root.server", {
              type: "server",
              message: refusalOf(error, "The import was not added. Please try again."),
            });
          }
        },
      },
    );
  });

  return (
    <RegionCard
      title="Import a board for a company"
      lead="For a company on the board, or a new one whose page says its jobs come from its careers site. Reviewed as it is added."
    >
      <FormProvider {...form}>
        <GatedForm
          onSubmit={onSubmit}
          noValidate
          aria-label="Import a board for a company"
          className="space-y-4"
        >
          <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]">
            <FormSelectField name="ats" label="Applicant tracking system" options={ATS_OPTIONS} />
            <FormTextField
              name="board"
              label="Board's name"
              hint={ATS_BOARD_HINTS[ats]}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              rules={{
                validate: (value: string) => value.trim() !== "" || "Enter the board's name",
              }}
              required
            />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">Company</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm text-gray-800">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  value="existing"
                  className={radioClass}
                  {...register("which")}
                />
                On the board, by its id
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" value="new" className={radioClass} {...register("which")} />A
                new company, with no account yet
              </label>
            </div>
          </fieldset>
          {which === "existing" ? (
            <div className="max-w-56">
              <FormTextField
                name="company_id"
                label="Company id"
                inputMode="numeric"
                autoComplete="off"
                rules={{
                  validate: (value: string) =>
                    /^[1-9]\d*$/.test(value.trim()) || "Enter the company's id, a whole number",
                }}
                required
              />
            </div>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormTextField
                name="company.name"
                label="Company name"
                autoComplete="off"
                rules={{
                  validate: (value: string) => value.trim() !== "" || "Enter the company's name",
                }}
                required
              />
              <FormTextField
                name="company.website"
                label="Website"
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://example.com"
                required
              />
            </div>
          )}
          <div className="flex flex-wrap items-center justify-end gap-4">
            <Refusal message={form.formState.errors.root?.server?.message} />
            <SubmitButton busy={add.isPending}>
              {add.isPending ? "Adding…" : "Import the board"}
            </SubmitButton>
          </div>
        </GatedForm>
      </FormProvider>
    </RegionCard>
  );
}

/** A source's last run and failures, in the table's cell. */
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

/** Approve, pause or resume: each said in the page's status line, or refused beside it. */
function SourceActions({
  source,
  onSaid,
  onPause,
}: {
  source: ModeratorImportSource;
  onSaid: (said: string) => void;
  onPause: () => void;
}) {
  const approve = useApproveImport();
  const resume = useSetImportStatus();
  const name = `${boardName(source)} (${source.company.name})`;
  const error = approve.error ?? resume.error;
  return (
    <span className="flex flex-col items-start gap-2">
      {!source.reviewed && (
        <button
          type="button"
          className={linkButtonClass}
          aria-disabled={approve.isPending || undefined}
          onClick={() =>
            !approve.isPending &&
            approve.mutate(source, {
              onSuccess: ({ published }) =>
                onSaid(
                  `Approved ${name}: ${published} ${published === 1 ? "listing" : "listings"} published.`,
                ),
            })
          }
        >
          Approve first import<span className="sr-only"> of {name}</span>
        </button>
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
      <table className={tableClass}>
        <caption className="sr-only">Import sources, newest first</caption>
        <thead className={headClass}>
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
        <tbody className="divide-y divide-gray-100">
          {sources.map((source) => (
            <tr key={source.id}>
              <td className={`${tdClass} min-w-40`}>
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
              <td className={`${tdClass} min-w-40 break-all`}>{boardName(source)}</td>
              <td className={`${tdClass} min-w-44`}>
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
              <td className={`${tdClass} text-right tabular-nums`}>{source.live_listings}</td>
              <td className={`${tdClass} min-w-52`}>
                <LastRun source={source} />
              </td>
              <td className={`${tdClass} min-w-44`}>
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
      <AddForCompanyForm onAdded={setSaid} />
      {pausing && (
        <PauseImportDialog source={pausing} onClose={() => setPausing(null)} onPaused={setSaid} />
      )}
    </div>
  );
}
