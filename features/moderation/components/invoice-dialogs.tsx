import { useState } from "react";
import { Refusal } from "@/components/ui/refusal";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextAreaField } from "@/components/ui/form-controls";
import {
  useMarkInvoicePaid,
  useRefundInvoice,
  type ModeratorInvoice,
} from "@/features/moderation/hooks/use-billing-review";
import { formatMoney } from "@/features/billing/documents";
import { hasFieldErrors } from "@/lib/error-toast";
import { serverMessage } from "@/lib/form-errors";

/*
 * What /review/billing asks before it changes an invoice (issue 45), loaded when first asked:
 * marking a bank transfer paid, and a refund with its reason.
 */

/** The refund's reason, as the API bounds it (features/billing/api-schemas.ts). */
const REASON = { min: 3, max: 300 };

const total = (invoice: ModeratorInvoice) => formatMoney(invoice.total_minor, invoice.currency);

/** Asks before recording a bank transfer; a refusal (paid meanwhile) is said in the dialog. */
export function MarkPaidDialog({
  invoice,
  onClose,
}: {
  invoice: ModeratorInvoice;
  onClose: () => void;
}) {
  const markPaid = useMarkInvoicePaid();
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={() => markPaid.mutate(invoice, { onSuccess: onClose })}
      pending={markPaid.isPending}
      title={`Mark ${invoice.number} paid?`}
      confirmLabel="Mark paid"
      pendingLabel="Marking paid…"
      cancelLabel="Cancel"
      tone="primary"
    >
      <p>
        Record that {invoice.company.name} paid {total(invoice)} by bank transfer. A listing waiting
        on it counts as paid.
      </p>
      {markPaid.isError && (
        <div className="mt-3">
          <Refusal
            message={serverMessage(markPaid.error, "It was not marked paid. Please try again.")}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}

/**
 * Asks why, then refunds: a credit note in its own series. Said afterwards, in the page's status
 * line, with the credit note's number.
 */
export function RefundDialog({
  invoice,
  onClose,
  onRefunded,
}: {
  invoice: ModeratorInvoice;
  onClose: () => void;
  onRefunded: (said: string) => void;
}) {
  const refund = useRefundInvoice();
  const [reason, setReason] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const fieldError = hasFieldErrors(refund.error)
    ? refund.error.errors.reason?.join(" ")
    : undefined;
  const refusal = refund.isError && !hasFieldErrors(refund.error);
  const unpaid = invoice.status === "due" || invoice.status === "overdue";

  const confirm = () => {
    if (reason.trim().length < REASON.min) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    refund.mutate(
      { invoice, reason: reason.trim() },
      {
        onSuccess: ({ credit_note, revoked_credits }) => {
          const taken =
            revoked_credits > 0
              ? ` ${revoked_credits} unused ${revoked_credits === 1 ? "credit was" : "credits were"} taken back.`
              : "";
          onRefunded(`Credit note ${credit_note.number} issued for ${invoice.number}.${taken}`);
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={confirm}
      pending={refund.isPending}
      title={`Refund ${invoice.number}?`}
      confirmLabel={
        unpaid
          ? "Cancel the invoice"
          : invoice.purpose === "pack"
            ? "Refund the unused listings"
            : `Refund ${total(invoice)}`
      }
      pendingLabel="Refunding…"
      cancelLabel="Keep it"
    >
      <p>
        {unpaid
          ? "It is not paid yet, so it is cancelled with a credit note."
          : "A credit note is issued for it; a card payment goes back to the card."}{" "}
        A pack&rsquo;s unused credits are taken back.
      </p>
      <div className="mt-4 space-y-3">
        <TextAreaField
          label="Why it is refunded"
          rows={3}
          maxLength={REASON.max}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={tooShort ? "Say why it is refunded" : fieldError}
        />
        {refusal && (
          <Refusal
            message={serverMessage(refund.error, "It was not refunded. Please try again.")}
          />
        )}
      </div>
    </ConfirmDialog>
  );
}
