import type { ReactNode } from "react";
import { useDownloadInvoice, type InvoiceSummary } from "@/hooks/use-billing";
import { formatMoney } from "@/lib/billing/documents";
import { invoiceStatus, type Tone } from "@/lib/billing/labels";
import { formatDate } from "@/lib/format";

/*
 * Pieces the billing screens share (issue 45): the employer's /listings/billing and the
 * moderators' /review/billing.
 */

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

/**
 * Invoices and credit notes, newest first: number and date, what, total, the due date when
 * `due`, status, and each one's `actions` (its PDF, and what a moderator may do).
 */
export function InvoiceTable<T extends InvoiceSummary>({
  label,
  invoices,
  due = false,
  actionsLabel,
  actions,
}: {
  label: string;
  invoices: T[];
  due?: boolean;
  actionsLabel: string;
  actions: (invoice: T) => ReactNode;
}) {
  return (
    <TableFrame label={label}>
      <table className={tableClass}>
        <caption className="sr-only">{label}, newest first</caption>
        <thead className={headClass}>
          <tr>
            <th scope="col" className={thClass}>
              Number
            </th>
            <th scope="col" className={thClass}>
              What
            </th>
            <th scope="col" className={`${thClass} text-right`}>
              Total
            </th>
            {due && (
              <th scope="col" className={thClass}>
                Due
              </th>
            )}
            <th scope="col" className={thClass}>
              Status
            </th>
            <th scope="col" className={thClass}>
              <span className="sr-only">{actionsLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <td className={`${tdClass} font-medium whitespace-nowrap text-gray-900`}>
                {invoice.number}
                <span className="block text-xs font-normal text-gray-500">
                  {formatDate(invoice.issued_at)}
                </span>
              </td>
              <td className={`${tdClass} min-w-48`}>
                <InvoiceWhat invoice={invoice} />
              </td>
              <td className={`${tdClass} text-right whitespace-nowrap tabular-nums`}>
                {formatMoney(invoice.total_minor, invoice.currency)}
              </td>
              {due && (
                <td className={`${tdClass} whitespace-nowrap`}>
                  {invoice.due_at ? formatDate(invoice.due_at) : "–"}
                </td>
              )}
              <td className={tdClass}>
                <InvoiceStatusBadge invoice={invoice} />
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{actions(invoice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
