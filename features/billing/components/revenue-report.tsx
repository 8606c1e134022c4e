import { useState, type FormEvent, type ReactNode } from "react";
import { LoadFailed } from "@/components/ui/load-failed";
import { CsvButton } from "@/components/ui/csv-button";
import { headClass, TableFrame, tableClass, tdClass, thClass } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { RegionCard } from "@/components/ui/region-card";
import { formatMoney } from "@/features/billing/documents";
import {
  useRevenueCsv,
  useRevenueReport,
  type RevenueAnswer,
  type RevenueRange,
} from "@/features/billing/hooks/use-revenue";
import {
  defaultRange,
  MONTH_PATTERN,
  rangeProblem,
  type RevenueKind,
  type RevenueMonthRow,
  type RevenueProductRow,
  type RevenueTable,
} from "@/features/billing/revenue-schemas";
import { hasFieldErrors } from "@/lib/error-toast";

/** What each kind of product is called in the table. */
const KIND_LABELS: Record<RevenueKind, string> = {
  plan: "Listing",
  pack: "Pack",
  upgrade: "Upgrade",
  subscription: "Subscription",
  coupon: "Coupon",
  other: "Other",
};

/** `2026-03` as "Mar 2026". */
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

type Sums = Pick<
  RevenueMonthRow,
  | "currency"
  | "net_minor"
  | "tax_minor"
  | "gross_minor"
  | "paid_minor"
  | "outstanding_minor"
  | "overdue_minor"
  | "refunded_minor"
  | "balance_minor"
>;

const MONEY_COLUMNS: { key: keyof Omit<Sums, "currency">; label: string }[] = [
  { key: "net_minor", label: "Net" },
  { key: "tax_minor", label: "Tax" },
  { key: "gross_minor", label: "Gross" },
  { key: "paid_minor", label: "Paid" },
  { key: "outstanding_minor", label: "Outstanding" },
  { key: "overdue_minor", label: "Overdue" },
  { key: "refunded_minor", label: "Refunded" },
  { key: "balance_minor", label: "Balance" },
];

const numberClass = `${tdClass} text-right tabular-nums whitespace-nowrap`;

function MoneyCells({ row }: { row: Sums }) {
  return MONEY_COLUMNS.map(({ key }) => (
    <td key={key} className={numberClass}>
      {formatMoney(row[key], row.currency)}
    </td>
  ));
}

function MoneyHeads() {
  return MONEY_COLUMNS.map(({ key, label }) => (
    <th key={key} scope="col" className={`${thClass} text-right`}>
      {label}
    </th>
  ));
}

/** The download of one table as CSV (components/ui/csv-button). */
function TableCsv({
  range,
  table,
  label,
}: {
  range: RevenueRange;
  table: RevenueTable;
  label: string;
}) {
  const download = useRevenueCsv();
  return (
    <CsvButton
      label={label}
      download={download}
      onDownload={() => download.mutate({ range, table })}
    />
  );
}

/** A column before the money: its heading, and whether it holds a number. */
type Head = { label: string; numeric?: boolean };

/**
 * One table of the report: a row per month (its header the month), then the range's totals (its
 * header "Total"), each row's own cells (`cells`) before the money columns.
 */
function SumsTable<Row extends Sums & { month?: string | null }>({
  label,
  heads,
  table,
  rowKey,
  cells,
}: {
  label: string;
  heads: Head[];
  table: { rows: Row[]; totals: Row[] };
  rowKey: (row: Row) => string;
  cells: (row: Row) => ReactNode;
}) {
  const row = (entry: Row, total: boolean) => (
    <tr key={rowKey(entry)}>
      <th
        scope="row"
        className={`${tdClass} whitespace-nowrap ${total ? "font-semibold" : "font-normal"}`}
      >
        {total ? "Total" : monthLabel(entry.month!)}
      </th>
      {cells(entry)}
      <MoneyCells row={entry} />
    </tr>
  );
  return (
    <TableFrame label={label}>
      <table className={tableClass}>
        <thead className={headClass}>
          <tr>
            {[{ label: "Month" }, ...heads].map((head) => (
              <th
                key={head.label}
                scope="col"
                className={head.numeric ? `${thClass} text-right` : thClass}
              >
                {head.label}
              </th>
            ))}
            <MoneyHeads />
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {table.rows.map((entry) => row(entry, false))}
        </tbody>
        <tfoot className="divide-y divide-gray-100 border-t-2 border-gray-200 bg-gray-50">
          {table.totals.map((entry) => row(entry, true))}
        </tfoot>
      </table>
    </TableFrame>
  );
}

const productKey = (row: RevenueProductRow) =>
  `${row.month}-${row.currency}-${row.kind}-${row.slug}`;

/** A product's (or coupon's) name, its kind under it, and its count. */
const productCells = (row: RevenueProductRow) => (
  <>
    <td className={tdClass}>
      <span className="font-medium text-gray-900">{row.name}</span>
      {row.kind !== "coupon" && (
        <span className="block text-xs text-gray-600">{KIND_LABELS[row.kind]}</span>
      )}
    </td>
    <td className={numberClass}>{row.count}</td>
  </>
);

/** The report's three sections: each one's heading, lead, table and CSV download. */
const SECTIONS: {
  table: RevenueTable;
  title: string;
  lead: string;
  csvLabel: string;
  /** Said instead of the table when it has no rows. */
  empty?: string;
  render: (data: RevenueAnswer) => ReactNode;
}[] = [
  {
    table: "products",
    title: "By product",
    lead: "Listings of each plan, packs, upgrades and subscriptions, by the month their invoice was issued. Refunded: what credit notes issued that month took back.",
    csvLabel: "by product",
    render: (data) => (
      <SumsTable
        label="Revenue by product"
        heads={[{ label: "Product" }, { label: "Invoices", numeric: true }]}
        table={data.products}
        rowKey={productKey}
        cells={productCells}
      />
    ),
  },
  {
    table: "coupons",
    title: "Coupons",
    lead: "Each code's discounts, as the invoices took them off (negative amounts).",
    csvLabel: "coupons",
    empty: "No coupon was used in these months.",
    render: (data) => (
      <SumsTable
        label="Discounts by coupon"
        heads={[{ label: "Coupon" }, { label: "Uses", numeric: true }]}
        table={data.coupons}
        rowKey={productKey}
        cells={productCells}
      />
    ),
  },
  {
    table: "months",
    title: "By month",
    lead: "Every invoice and credit note: the products' and coupons' rows add up to these.",
    csvLabel: "by month",
    render: (data) => (
      <SumsTable
        label="Revenue by month"
        heads={[{ label: "Invoices", numeric: true }]}
        table={data.months}
        rowKey={(row: RevenueMonthRow) => `${row.month}-${row.currency}`}
        cells={(row: RevenueMonthRow) => <td className={numberClass}>{row.count}</td>}
      />
    ),
  },
];

type RangeErrors = Partial<Record<"from" | "to", string>>;

/** The range's two fields: the first month and the last. */
const RANGE_FIELDS = [
  { field: "from", label: "From", which: "first", example: "2026-01" },
  { field: "to", label: "To", which: "last", example: "2026-12" },
] as const;

/** What is wrong with the months typed, before asking the server. */
function checkRange(draft: RevenueRange): RangeErrors {
  const errors: RangeErrors = {};
  for (const { field, which } of RANGE_FIELDS) {
    if (!MONTH_PATTERN.test(draft[field])) {
      errors[field] = `Give the ${which} month as YYYY-MM, like 2026-03`;
    }
  }
  if (errors.from || errors.to) return errors;
  const problem = rangeProblem(draft.from, draft.to);
  return problem ? { to: problem } : {};
}

/** The first error the server gave for `field`, when it refused the range. */
const serverError = (error: unknown, field: "from" | "to") =>
  hasFieldErrors(error) ? error.errors[field]?.[0] : undefined;

/**
 * /review/revenue (issue 63): what each plan, pack, upgrade and coupon brought in, by month in
 * UTC, from the invoices issued (paid and outstanding apart) and the credit notes issued
 * (refunded, subtracted in the balance). The last 12 months unless another range is chosen; each
 * table downloads as CSV.
 */
export function RevenueReport() {
  const [range, setRange] = useState<RevenueRange>(() => defaultRange({}));
  const [draft, setDraft] = useState<RevenueRange>(range);
  const [errors, setErrors] = useState<RangeErrors>({});
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useRevenueReport(range);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkRange(draft);
    setErrors(found);
    if (!found.from && !found.to) setRange(draft);
  };
  const fieldError = (field: "from" | "to") => errors[field] ?? serverError(error, field);

  let report;
  if (isPending) report = <ProfileScreenLoading />;
  else if (isError && !data) {
    report = hasFieldErrors(error) ? null : (
      <LoadFailed what="The report" retry={() => void refetch()} />
    );
  } else if (!data || data.months.rows.length === 0) {
    report = (
      <EmptyList title="Nothing invoiced in these months">
        Invoices and credit notes issued in the months chosen appear here.
      </EmptyList>
    );
  } else {
    const shown = { from: data.from, to: data.to };
    report = (
      <div className={`space-y-6 ${isPlaceholderData ? "opacity-60" : ""}`}>
        {SECTIONS.map((section) => (
          <RegionCard key={section.table} title={section.title} lead={section.lead}>
            {section.empty && data[section.table].rows.length === 0 ? (
              <p className="text-sm text-gray-600">{section.empty}</p>
            ) : (
              section.render(data)
            )}
            <TableCsv range={shown} table={section.table} label={section.csvLabel} />
          </RegionCard>
        ))}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <GatedForm
        noValidate
        aria-label="Months of the report"
        className="flex flex-wrap items-start gap-4"
        onSubmit={submit}
      >
        {RANGE_FIELDS.map(({ field, label, example }) => (
          <div key={field} className="w-52">
            <TextField
              label={label}
              name={field}
              value={draft[field]}
              hint={`Year and month: ${example}`}
              autoComplete="off"
              error={fieldError(field)}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            />
          </div>
        ))}
        <SubmitButton variant="secondary" className="mt-7">
          Show
        </SubmitButton>
      </GatedForm>
      <p className="text-sm text-gray-600">
        Months in UTC, amounts in each invoice&apos;s currency. Paid and outstanding are the
        invoices&apos; parts paid since and still due, and Overdue the part of Outstanding past its
        due date today; an invoice cancelled unpaid is in neither, and its credit note is in
        Refunded.
      </p>
      {report}
    </div>
  );
}
