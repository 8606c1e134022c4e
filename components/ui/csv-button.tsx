import { Button } from "@/components/ui/button";
import { Refusal } from "@/components/ui/refusal";
import { serverMessage } from "@/lib/form-errors";

/** A download in progress, as a react-query mutation has it. */
type Download = { isPending: boolean; isError: boolean; error: unknown };

/**
 * "Download CSV" for one table of a report (the revenue report, the analytics dashboard), named
 * for the table it downloads, with what went wrong beside it.
 */
export function CsvButton({
  label,
  download,
  onDownload,
}: {
  /** The table's name in words: "Download CSV: funnel". */
  label: string;
  download: Download;
  onDownload: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Download CSV: ${label}`}
        disabled={download.isPending}
        onClick={onDownload}
      >
        Download CSV
      </Button>
      <Refusal
        message={
          download.isError ? serverMessage(download.error, "The CSV could not be made") : null
        }
      />
    </div>
  );
}
