import { useId, type ReactNode } from "react";
import { useDownloadInvoice, type InvoiceSummary } from "@/hooks/use-billing";
import { invoiceStatus, type Tone } from "@/lib/billing/labels";

/*
 * Pieces the billing screens share (issue 45): the employer's /listings/billing and the
 * moderators' /review/billing.
 */

/** A card of a billing screen: a region named by its heading, with an id to link to. */
export function BillingSection({
  id,
  title,
  lead,
  children,
}: {
  id?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const heading = useId();
  return (
    <section
      id={id}
      aria-labelledby={heading}
      className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id={heading} className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      {lead && <div className="mt-1 text-sm text-gray-600">{lead}</div>}
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}

/** A table that scrolls sideways on a phone: it takes focus, so arrow keys scroll it. */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
    >
      {children}
    </div>
  );
}

export const tableClass = "min-w-full divide-y divide-gray-200 bg-white text-left text-sm";
export const headClass = "bg-gray-50 text-gray-600";
export const thClass = "px-4 py-2 font-medium whitespace-nowrap";
export const tdClass = "px-4 py-3 align-top";

const TONES: Record<Tone, string> = {
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
  red: "bg-red-50 text-red-800 ring-red-600/20",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  grey: "bg-gray-50 text-gray-700 ring-gray-500/20",
};

/** A state in words (the colour only helps). */
export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-2 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** Where an invoice stands: Due by …, Overdue, Paid, Credited; a credit note's refund. */
export function InvoiceStatusBadge({ invoice }: { invoice: InvoiceSummary }) {
  const { label, tone } = invoiceStatus(invoice);
  return <Badge tone={tone}>{label}</Badge>;
}

/** What an invoice was for; a credit note names the invoice it credits. */
export function InvoiceWhat({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <>
      <span className="block text-gray-900">{invoice.description}</span>
      {invoice.kind === "credit_note" && invoice.credits_invoice && (
        <span className="block text-xs text-gray-500">
          Credit note for {invoice.credits_invoice}
        </span>
      )}
    </>
  );
}

export const linkButtonClass =
  "cursor-pointer font-medium text-violet-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 aria-disabled:cursor-wait aria-disabled:opacity-60";

/**
 * Saves an invoice's PDF (`invoice-<number>.pdf`). A button, not a link: the PDF is fetched with
 * the signed-in person's token, which a link could not send.
 */
export function PdfButton({ invoice }: { invoice: InvoiceSummary }) {
  const download = useDownloadInvoice();
  const busy = download.isPending;
  return (
    <button
      type="button"
      className={linkButtonClass}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => !busy && download.mutate(invoice)}
    >
      PDF
      <span className="sr-only"> of {invoice.number}</span>
    </button>
  );
}
