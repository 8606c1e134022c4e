import { useRouter } from "next/router";
import { BillingContactForm } from "@/features/billing/components/billing-contact-form";
import { BillingDetailsForm } from "@/features/billing/components/billing-details-form";
import { BillingOverview } from "@/features/billing/components/billing-overview";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { BackToListings } from "@/features/listings/components/back-to-listings";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { LoadFailed } from "@/components/ui/load-failed";
import {
  useBillingContact,
  useBillingDetails,
  useBillingOverview,
} from "@/features/billing/hooks/use-billing";
import { routes } from "@/lib/routes";

/**
 * /listings/billing: the company's billing, for its owner and admins (issue 45): its credits,
 * packs to buy, its invoices, and who they are made out to. Signed in only (the profile layout
 * sees to that); the API says who may read it. The page shows once both answers have come, so
 * nothing moves under the reader.
 */
export default function BillingPage() {
  const router = useRouter();
  // Back from paying for a pack with Stripe Checkout.
  const paid = typeof router.query.paid === "string";
  const { data, isPending } = useBillingDetails();
  const overview = useBillingOverview(paid);
  const contact = useBillingContact(data?.state === "details");

  let content;
  if (isPending || !data || (overview.isPending && data.state === "details")) {
    content = <ProfileScreenLoading />;
  } else if (data.state === "no_company") {
    content = (
      <EmptyList title="No company yet" action={{ href: routes.submit, label: "Post a job" }}>
        Your company is made with your first listing; its billing is kept here.
      </EmptyList>
    );
  } else if (data.state === "forbidden") {
    content = (
      <EmptyList title="Only the owner and admins see billing">
        Ask your company&apos;s owner or an admin for an invoice, or to change who they are made out
        to.
      </EmptyList>
    );
  } else {
    content = (
      <div className="space-y-6">
        {overview.data && <BillingOverview overview={overview.data} />}
        {overview.isError && (
          <LoadFailed what="Your invoices and credits" retry={() => void overview.refetch()} />
        )}
        <BillingDetailsForm billing={data.billing} />
        {contact.data && <BillingContactForm contact={contact.data} />}
        {contact.isError && (
          <LoadFailed what="Where your invoices are emailed" retry={() => void contact.refetch()} />
        )}
      </div>
    );
  }

  return (
    <>
      <ProfilePageHeader
        title="Billing"
        lead="Your credits and invoices, packs of listings, and who your invoices are made out to."
      />
      <div className="mt-6">
        <BackToListings />
      </div>
      {paid && (
        <p role="status" className="mt-6 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900">
          Thank you, your payment went through. Your credits and the invoice show here as soon as
          Stripe confirms it, usually within a minute.
        </p>
      )}
      <div className="mt-8">{content}</div>
    </>
  );
}
