import { useCanRunCompany } from "@/hooks/use-current-user";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { ArrowDownTrayIcon } from "@heroicons/react/20/solid";
import { useState } from "react";
import { useRouter } from "next/router";
import dynamic from "next/dynamic";
import { ApplicantList } from "@/features/applications/components/pipeline/applicant-list";
import { isMovable } from "@/features/applications/components/pipeline/stage-badge";
import { ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Button } from "@/components/ui/button";
import { useApplicants, useExportApplicants } from "@/features/applications/hooks/use-applicants";
import {
  APPLICATION_STAGES,
  STAGE_LABELS,
  type ApplicationStage,
} from "@/features/applications/constants";

// Loaded when first opened: the page's first load is the list (its budget, tests/build/).
const ApplicantDetail = dynamic(
  () =>
    import("@/features/applications/components/pipeline/applicant-detail").then(
      (module) => module.ApplicantDetail,
    ),
  { loading: () => <ProfileScreenLoading /> },
);
const BulkRejectDialog = dynamic(() =>
  import("@/features/applications/components/pipeline/bulk-reject-dialog").then(
    (module) => module.BulkRejectDialog,
  ),
);

/** The filter's tabs: every applicant, then each stage. */
const FILTERS: readonly (ApplicationStage | null)[] = [null, ...APPLICATION_STAGES];

/**
 * A listing's applicant pipeline: a tab per stage with its count, the list with a checkbox each
 * for the bulk rejection, and the chosen applicant beside it (on phones, instead of it).
 */
export function Pipeline({ listingId }: { listingId: number }) {
  const [filter, setFilter] = useState(0);
  const stage = FILTERS[filter] ?? null;
  const { data } = useApplicants(listingId, stage);
  // ?applicant={id}: the applicant a mail linked to (a message from them) is open at first.
  const linked = Number(useRouter().query.applicant);
  const [chosenId, setSelectedId] = useState<number | null>();
  const selectedId =
    chosenId !== undefined ? chosenId : Number.isInteger(linked) && linked > 0 ? linked : null;
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState(false);
  const exportCsv = useExportApplicants(listingId);
  // Shown while not yet known: most readers run their listings; a viewer loses them at once.
  const canChange = useCanRunCompany() !== false;

  if (!data) return <ProfileScreenLoading />;
  const total = Object.values(data.counts).reduce((sum, n) => sum + n, 0);
  // Only rows on screen and still movable count: a tab switch leaves no hidden choice behind.
  const checkedIds = data.applicants
    .filter((applicant) => checked.has(applicant.id) && isMovable(applicant))
    .map((applicant) => applicant.id);

  const check = (id: number, on: boolean) =>
    setChecked((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const list =
    data.applicants.length === 0 ? (
      <p className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center text-sm text-gray-600">
        {total === 0
          ? "No one has applied yet. Applicants appear here as they apply."
          : `No applicants in “${stage ? STAGE_LABELS[stage] : "All"}”.`}
      </p>
    ) : (
      <ApplicantList
        applicants={data.applicants}
        selectedId={selectedId}
        checked={checked}
        onSelect={setSelectedId}
        onCheck={canChange ? check : undefined}
      />
    );

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          busy={exportCsv.isPending}
          disabled={total === 0}
          onClick={() => exportCsv.mutate()}
        >
          <ArrowDownTrayIcon aria-hidden="true" className="size-5" />
          {exportCsv.isPending ? "Exporting…" : "Export CSV"}
        </Button>
        {canChange && (
          <>
            <Button
              variant="danger"
              disabled={checkedIds.length === 0}
              onClick={() => setRejecting(true)}
            >
              Not selected{checkedIds.length > 0 ? ` (${checkedIds.length})` : ""}
              <span className="sr-only">: the checked applicants</span>
            </Button>
            <p className="text-sm text-gray-600" aria-live="polite">
              {checkedIds.length === 0
                ? "Check applicants to mark several not selected at once."
                : `${checkedIds.length} checked`}
            </p>
          </>
        )}
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={selectedId === null ? "" : "hidden lg:block"}>
          <TabGroup selectedIndex={filter} onChange={setFilter}>
            <TabList aria-label="Filter by stage" className="flex flex-wrap gap-1.5">
              {FILTERS.map((entry) => (
                <Tab
                  key={entry ?? "all"}
                  className="shrink-0 cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 data-selected:bg-violet-600 data-selected:text-white data-selected:ring-violet-600"
                >
                  {entry ? STAGE_LABELS[entry] : "All"}{" "}
                  <span className="tabular-nums">({entry ? data.counts[entry] : total})</span>
                </Tab>
              ))}
            </TabList>
            <TabPanels className="mt-3">
              {FILTERS.map((entry) => (
                <TabPanel
                  key={entry ?? "all"}
                  className="focus-visible:outline-2 focus-visible:outline-violet-600 rounded-2xl"
                >
                  {list}
                </TabPanel>
              ))}
            </TabPanels>
          </TabGroup>
        </div>

        <div className={selectedId === null ? "hidden lg:block" : ""}>
          {selectedId === null ? (
            <p className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center text-sm text-gray-600">
              Choose an applicant to read what they sent and their CV.
            </p>
          ) : (
            <ApplicantDetail
              key={selectedId}
              listingId={listingId}
              applicationId={selectedId}
              onBack={() => setSelectedId(null)}
            />
          )}
        </div>
      </div>

      {rejecting && (
        <BulkRejectDialog
          listingId={listingId}
          ids={checkedIds}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false);
            setChecked(new Set());
          }}
        />
      )}
    </>
  );
}
