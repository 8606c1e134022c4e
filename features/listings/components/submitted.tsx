import { CheckCircleIcon, CreditCardIcon } from "@heroicons/react/24/outline";
import { Link } from "@/components/ui/link";
import { DonePanel } from "@/components/ui/done-panel";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/form-controls";
import type { ListingPlan } from "@/features/billing/offer";
import { routes } from "@/lib/routes";
import type { SubmissionReceipt } from "@/features/listings/types";

/** What happens next, once a listing is in: review, payment, or the invoice. */
function nextStep(receipt: SubmissionReceipt, plan: ListingPlan, usedCredit: boolean): string {
  if (receipt.checkout_url) return "Taking you to secure payment with Stripe…";
  if (receipt.payment_error) return receipt.payment_error;
  if (usedCredit) {
    return `One of your ${plan.name} credits pays for it. A person reviews every listing, usually within one working day. It then goes live for ${plan.days} days.`;
  }
  if (receipt.payment_status === "invoice_due") {
    return `We email the invoice for the ${plan.name} plan to your company's billing contact now, its PDF attached: it says where to pay by bank transfer and the reference to quote. A person reviews your listing meanwhile, usually within one working day.`;
  }
  return `A person reviews every listing, usually within one working day. It then goes live for ${plan.days} days.`;
}

/** The form's place once the listing is sent. */
export function Submitted({
  receipt,
  plan,
  usedCredit = false,
}: {
  receipt: SubmissionReceipt;
  plan: ListingPlan;
  /** It was paid with one of the company's credits (issue 45). */
  usedCredit?: boolean;
}) {
  const paying = receipt.checkout_url !== null;
  return (
    <DonePanel
      title={paying ? "Your listing is saved" : "Thanks! Your listing is in"}
      icon={paying ? CreditCardIcon : CheckCircleIcon}
      className="mx-auto max-w-2xl sm:p-8"
    >
      <p className="mt-2 text-sm">{nextStep(receipt, plan, usedCredit)}</p>
      <p className="mt-2 text-sm">
        Its reference is <strong>#{receipt.id}</strong>.
      </p>
      {!paying && (
        <div className="mt-6 flex flex-wrap gap-3">
          <Link href={routes.listings} className={primaryButtonClass}>
            See your listings
          </Link>
          <a href={routes.submit} className={secondaryButtonClass}>
            Post another job
          </a>
        </div>
      )}
    </DonePanel>
  );
}
