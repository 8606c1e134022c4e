import type { ReactNode } from "react";
import { useDownloadInvoice, type InvoiceSummary } from "@/features/billing/hooks/use-billing";
import { formatMoney } from "@/features/billing/documents";
import { invoiceStatus } from "@/features/billing/labels";
import { Badge } from "@/components/ui/badge";
import {
  headClass,
  linkButtonClass,
  TableFrame,
  tableClass,
  tdClass,
  thClass,
} from "@/components/ui/data-table";
import { formatDate } from "@/lib/format";

/*
 * Pieces the billing screens share (issue 45): the employer's /listings/billing and the
 * moderators' /review/billing.
 */

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
