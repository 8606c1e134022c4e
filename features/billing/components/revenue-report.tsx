import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { headClass, TableFrame, tableClass, tdClass, thClass } from "@/components/ui/data-table";
import { TextField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Refusal } from "@/components/ui/refusal";
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
import { serverMessage } from "@/lib/form-errors";

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
  | "refunded_minor"
  | "balance_minor"
>;

const MONEY_COLUMNS: { key: keyof Omit<Sums, "currency">; label: string }[] = [
  { key: "net_minor", label: "Net" },
  { key: "tax_minor", label: "Tax" },
  { key: "gross_minor", label: "Gross" },
  { key: "paid_minor", label: "Paid" },
  { key: "outstanding_minor", label: "Outstanding" },
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

/** The download of one table as CSV, with what went wrong beside it. */
function CsvButton({
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
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Download CSV: ${label}`}
        disabled={download.isPending}
        onClick={() => download.mutate({ range, table })}
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

/** Products' (or coupons') rows by month, then each one's total over the range. */
function ProductTable({
  label,
  first,
  count,
  table,
}: {
  label: string;
  /** The heading of the product's column: "Product", "Coupon". */
  first: string;
  /** The heading of the count's column: "Invoices", "Uses". */
  count: string;
  table: { rows: RevenueProductRow[]; totals: RevenueProductRow[] };
}) {
  const key = (row: RevenueProductRow) => `${row.month}-${row.currency}-${row.kind}-${row.slug}`;
  const cells = (row: RevenueProductRow) => (
    <>
      <td className={tdClass}>
        <span className="font-medium text-gray-900">{row.name}</span>
        {row.kind !== "coupon" && (
          <span className="block text-xs text-gray-600">{KIND_LABELS[row.kind]}</span>
        )}
      </td>
      <td className={numberClass}>{row.count}</td>
      <MoneyCells row={row} />
    </>
  );
  return (
    <TableFrame label={label}>
      <table className={tableClass}>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={thClass}>
              Month
            </th>
            <th scope="col" className={thClass}>
              {first}
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              {count}
            </th>
            <MoneyHeads />
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {table.rows.map((row) => (
            <tr key={key(row)}>
              <th scope="row" className={`${tdClass} font-normal whitespace-nowrap`}>
                {monthLabel(row.month!)}
              </th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
        <tfoot className="divide-y divide-gray-100 border-t-2 border-gray-200 bg-gray-50">
          {table.totals.map((row) => (
            <tr key={key(row)}>
              <th scope="row" className={`${tdClass} font-semibold whitespace-nowrap`}>
                Total
              </th>
              {cells(row)}
            </tr>
          ))}
        </tfoot>
      </table>
    </TableFrame>
  );
}

/** Whole invoices and credit notes by month, then the range's total per currency. */
function MonthTable({ table }: { table: RevenueAnswer["months"] }) {
  const row = (entry: RevenueMonthRow) => (
    <tr key={`${entry.month}-${entry.currency}`}>
      <th
        scope="row"
        className={`${tdClass} whitespace-nowrap ${entry.month ? "font-normal" : "font-semibold"}`}
      >
        {entry.month ? monthLabel(entry.month) : "Total"}
      </th>
      <td className={numberClass}>{entry.count}</td>
      <MoneyCells row={entry} />
    </tr>
  );
  return (
    <TableFrame label="Revenue by month">
      <table className={tableClass}>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={thClass}>
              Month
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Invoices
            </th>
            <MoneyHeads />
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{table.rows.map(row)}</tbody>
        <tfoot className="divide-y divide-gray-100 border-t-2 border-gray-200 bg-gray-50">
          {table.totals.map(row)}
        </tfoot>
      </table>
    </TableFrame>
  );
}

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
      <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-xs ring-1 ring-gray-200">
        <p className="text-sm text-gray-700">The report could not be loaded.</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
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
        <RegionCard
          title="By product"
          lead="Listings of each plan, packs and upgrades, by the month their invoice was issued. Refunded: what credit notes issued that month took back."
        >
          <ProductTable
            label="Revenue by product"
            first="Product"
            count="Invoices"
            table={data.products}
          />
          <CsvButton range={shown} table="products" label="by product" />
        </RegionCard>
        <RegionCard
          title="Coupons"
          lead="Each code's discounts, as the invoices took them off (negative amounts)."
        >
          {data.coupons.rows.length === 0 ? (
            <p className="text-sm text-gray-600">No coupon was used in these months.</p>
          ) : (
            <ProductTable
              label="Discounts by coupon"
              first="Coupon"
              count="Uses"
              table={data.coupons}
            />
          )}
          <CsvButton range={shown} table="coupons" label="coupons" />
        </RegionCard>
        <RegionCard
          title="By month"
          lead="Every invoice and credit note: the products' and coupons' rows add up to these."
        >
          <MonthTable table={data.months} />
          <CsvButton range={shown} table="months" label="by month" />
        </RegionCard>
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
        invoices&apos; parts paid since and still due; an invoice cancelled unpaid is in neither,
        and its credit note is in Refunded.
      </p>
      {report}
    </div>
  );
}
