import dynamic from "next/dynamic";
import { useState } from "react";
import { InvoiceTable, PdfButton } from "@/features/billing/components/billing-parts";
import { linkButtonClass } from "@/components/ui/data-table";
import { RegionCard } from "@/components/ui/region-card";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { SelectField, TextField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import {
  useModeratorInvoices,
  useSetCreditLimit,
  useSetPaymentTerms,
  type InvoiceFilter,
  type ModeratorInvoice,
} from "@/features/moderation/hooks/use-billing-review";
import { formatMoney } from "@/features/billing/documents";
import { INVOICE_FILTER_LABELS, TERMS_CHOICES } from "@/features/billing/labels";
import { hasFieldErrors } from "@/lib/error-toast";
import { serverMessage } from "@/lib/form-errors";

// The dialogs (Headless UI's) load when a moderator first presses Mark paid or Refund.
const MarkPaidDialog = dynamic(
  () =>
    import("@/features/moderation/components/invoice-dialogs").then(
      (module) => module.MarkPaidDialog,
    ),
  { ssr: false },
);
const RefundDialog = dynamic(
  () =>
    import("@/features/moderation/components/invoice-dialogs").then(
      (module) => module.RefundDialog,
    ),
  { ssr: false },
);

type Company = ModeratorInvoice["company"];

const FILTERS = Object.keys(INVOICE_FILTER_LABELS) as InvoiceFilter[];

/** An invoice that may be marked paid: one still due. */
const payable = (invoice: ModeratorInvoice) =>
  invoice.kind === "invoice" && (invoice.status === "due" || invoice.status === "overdue");

/** An invoice that may be refunded (or, unpaid, cancelled): no credit note issued for it yet. */
const refundable = (invoice: ModeratorInvoice) =>
  invoice.kind === "invoice" && invoice.credited_minor === 0;

/** How a company pays from now on: card only, or bank transfer within 14 or 30 days. */
function TermsForm({ company }: { company: Company }) {
  const save = useSetPaymentTerms();
  const [choice, setChoice] = useState(String(company.terms_days));
  const chosen = TERMS_CHOICES.find((option) => String(option.days) === choice);

  return (
    <GatedForm
      noValidate
      aria-label={`Payment terms for ${company.name}`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) save.mutate({ companyId: company.id, days: chosen.days });
      }}
    >
      <div className="min-w-56">
        <SelectField
          label={`How ${company.name} pays`}
          value={choice}
          onChange={(event) => {
            setChoice(event.target.value);
            save.reset();
          }}
          options={TERMS_CHOICES.map((option) => ({
            value: String(option.days),
            label: option.label,
          }))}
        />
      </div>
      <SubmitButton variant="secondary" size="sm" busy={save.isPending}>
        Save<span className="sr-only"> how {company.name} pays</span>
      </SubmitButton>
      <p role="status" className="basis-full text-sm font-medium">
        {save.isSuccess && chosen && (
          <span className="text-emerald-800">Saved: {chosen.label.toLowerCase()}.</span>
        )}
        {save.isError && (
          <span className="text-red-700">
            {serverMessage(save.error, "The terms were not saved. Please try again.")}
          </span>
        )}
      </p>
    </GatedForm>
  );
}

/** What the company owes, and how much it may use before paying: the limit, and its form. */
function CreditLimitForm({ company }: { company: Company }) {
  const save = useSetCreditLimit();
  const { standing } = company;
  const [dollars, setDollars] = useState(String(standing.limit_minor / 100));
  const [invalid, setInvalid] = useState<string | null>(null);
  const fieldError =
    invalid ?? (hasFieldErrors(save.error) ? save.error.errors.limit_minor?.join(" ") : null);
  const money = (minor: number) => formatMoney(minor, "usd");

  return (
    <GatedForm
      noValidate
      aria-label={`Credit limit for ${company.name}`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const amount = Number(dollars.replace(/[$,\s]/g, ""));
        if (dollars.trim() === "" || !Number.isFinite(amount) || amount < 0) {
          setInvalid("Give the limit in dollars: 0 or more");
          return;
        }
        setInvalid(null);
        save.mutate({ companyId: company.id, limit_minor: Math.round(amount * 100) });
      }}
    >
      <p className="basis-full text-sm text-gray-700">
        Owes {money(standing.outstanding_minor)}
        {standing.overdue_minor > 0 && (
          <span className="font-medium text-red-700">
            {" "}
            ({money(standing.overdue_minor)} overdue: credits and upgrades wait)
          </span>
        )}
        . Uses {money(standing.in_use_minor)} before paying, of a limit of{" "}
        {money(standing.limit_minor)}.
      </p>
      <div className="w-48">
        <TextField
          label={`Credit limit of ${company.name} (USD)`}
          inputMode="decimal"
          value={dollars}
          error={fieldError ?? undefined}
          onChange={(event) => {
            setDollars(event.target.value);
            setInvalid(null);
            save.reset();
          }}
        />
      </div>
      <SubmitButton variant="secondary" size="sm" busy={save.isPending}>
        Save<span className="sr-only"> the credit limit of {company.name}</span>
      </SubmitButton>
      <p role="status" className="basis-full text-sm font-medium">
        {save.isSuccess && (
          <span className="text-emerald-800">
            Saved: {company.name} may use {money(save.data.limit_minor)} before paying.
          </span>
        )}
        {save.isError && !fieldError && (
          <span className="text-red-700">
            {serverMessage(save.error, "The limit was not saved. Please try again.")}
          </span>
        )}
      </p>
    </GatedForm>
  );
}

type Asking = { action: "paid" | "refund"; invoice: ModeratorInvoice };

/** One company's invoices, and its payment terms. */
function CompanyInvoices({
  company,
  invoices,
  onAsk,
}: {
  company: Company;
  invoices: ModeratorInvoice[];
  onAsk: (asking: Asking) => void;
}) {
  return (
    <RegionCard title={company.name}>
      <InvoiceTable
        label={`Invoices of ${company.name}`}
        invoices={invoices}
        due
        actionsLabel="Actions"
        actions={(invoice) => (
          <span className="flex gap-4">
            {payable(invoice) && (
              <button
                type="button"
                className={linkButtonClass}
                onClick={() => onAsk({ action: "paid", invoice })}
              >
                Mark paid<span className="sr-only"> {invoice.number}</span>
              </button>
            )}
            {refundable(invoice) && (
              <button
                type="button"
                className={linkButtonClass}
                onClick={() => onAsk({ action: "refund", invoice })}
              >
                Refund<span className="sr-only"> {invoice.number}</span>
              </button>
            )}
            <PdfButton invoice={invoice} />
          </span>
        )}
      />
      <TermsForm company={company} />
      <CreditLimitForm company={company} />
    </RegionCard>
  );
}

/** The invoices of the list, by company, each company where its newest invoice is. */
function byCompany(invoices: ModeratorInvoice[]) {
  const groups = new Map<number, { company: Company; invoices: ModeratorInvoice[] }>();
  for (const invoice of invoices) {
    const group = groups.get(invoice.company.id);
    if (group) group.invoices.push(invoice);
    else groups.set(invoice.company.id, { company: invoice.company, invoices: [invoice] });
  }
  return [...groups.values()];
}

/**
 * /review/billing (issue 45): invoices to follow up, unpaid by default, by company. Mark a bank
 * transfer paid, refund (a dialog asks why), fetch the PDF; set how each company pays.
 */
export function InvoicesReview() {
  const [filter, setFilter] = useState<InvoiceFilter>("unpaid");
  const { data, isPending, isError, refetch, isPlaceholderData } = useModeratorInvoices(
    filter,
    true,
  );
  const [asking, setAsking] = useState<Asking | null>(null);
  const [said, setSaid] = useState("");

  let list;
  if (isPending) list = <ProfileScreenLoading />;
  else if (isError && !data) list = <LoadFailed what="The invoices" retry={() => void refetch()} />;
  else if (!data || data.invoices.length === 0) {
    list = (
      <EmptyList title={filter === "all" ? "No invoices yet" : `No ${filter} invoices`}>
        {filter === "all"
          ? "Invoices appear here once companies pay for listings or packs."
          : "Nothing to follow up. Choose All to see every invoice."}
      </EmptyList>
    );
  } else {
    list = (
      <div className={`space-y-6 ${isPlaceholderData ? "opacity-60" : ""}`}>
        {byCompany(data.invoices).map(({ company, invoices }) => (
          <CompanyInvoices
            key={company.id}
            company={company}
            invoices={invoices}
            onAsk={setAsking}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="max-w-xs">
        <SelectField
          label="Show"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as InvoiceFilter);
            setSaid("");
          }}
          options={FILTERS.map((value) => ({ value, label: INVOICE_FILTER_LABELS[value] }))}
        />
      </div>
      <p role="status" className="text-sm font-medium text-emerald-800">
        {said}
      </p>
      {list}
      {asking?.action === "paid" && (
        <MarkPaidDialog invoice={asking.invoice} onClose={() => setAsking(null)} />
      )}
      {asking?.action === "refund" && (
        <RefundDialog
          invoice={asking.invoice}
          onClose={() => setAsking(null)}
          onRefunded={setSaid}
        />
      )}
    </div>
  );
}
