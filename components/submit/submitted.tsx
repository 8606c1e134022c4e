import { CheckCircleIcon, CreditCardIcon } from "@heroicons/react/24/outline";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { primaryButtonClass, secondaryButtonClass } from "@/components/ui/form-controls";
import type { ListingPlan } from "@/lib/pricing";
import { routes } from "@/lib/routes";
import type { SubmissionReceipt } from "@/lib/submission-types";

/** What happens next, once a listing is in: review, payment, or the invoice. */
function nextStep(receipt: SubmissionReceipt, plan: ListingPlan): string {
  if (receipt.checkoutUrl) return "Taking you to secure payment with Stripe…";
  if (receipt.paymentError) return receipt.paymentError;
  if (receipt.paymentStatus === "invoice_due") {
    return `We will email an invoice for the ${plan.name} plan. A person reviews your listing meanwhile, usually within one working day.`;
  }
  return `A person reviews every listing, usually within one working day. It then goes live for ${plan.days} days.`;
}

/** The form's place once the listing is sent; focus moves here so screen readers hear it. */
export function Submitted({ receipt, plan }: { receipt: SubmissionReceipt; plan: ListingPlan }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const paying = receipt.checkoutUrl !== null;
  const Icon = paying ? CreditCardIcon : CheckCircleIcon;
  return (
    <div
      role="status"
      className="mx-auto max-w-2xl rounded-2xl bg-emerald-50 p-6 text-emerald-950 ring-1 ring-emerald-200 sm:p-8"
    >
      <Icon aria-hidden="true" className="size-8 text-emerald-600" />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-xl font-semibold focus:outline-none">
        {paying ? "Your listing is saved" : "Thanks! Your listing is in"}
      </h2>
      <p className="mt-2 text-sm">{nextStep(receipt, plan)}</p>
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
    </div>
  );
}
