import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { InvoiceTable, PdfButton } from "@/features/billing/components/billing-parts";
import { headClass, TableFrame, tableClass, tdClass, thClass } from "@/components/ui/data-table";
import { RegionCard } from "@/components/ui/region-card";
import { PackCard } from "@/features/billing/components/pack-card";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import {
  useBuyPack,
  type BillingOverview as Overview,
  type ListingCredit,
  type PackPurchase,
} from "@/features/billing/hooks/use-billing";
import type { CreditBalance } from "@/features/billing/hooks/use-credit-balance";
import type { CreditStanding } from "@/features/billing/api-schemas";
import { formatMoney } from "@/features/billing/documents";
import {
  balanceSentence,
  CREDIT_STATE_LABELS,
  paysBy,
  planName,
  TRANSFER_UNAVAILABLE,
} from "@/features/billing/labels";
import { formatDate } from "@/lib/format";
import { serverMessage } from "@/lib/form-errors";
import { hasFieldErrors } from "@/lib/error-toast";
import { TextField } from "@/components/ui/form-controls";
import { formatPrice, packsOnSale, type ListingPack, type Offer } from "@/features/billing/offer";
import { routes } from "@/lib/routes";
import { SubscriptionPanel } from "@/features/billing/components/subscription-panel";

// Headless UI's dialog loads only when a company that pays by bank transfer presses Buy.
const ConfirmDialog = dynamic(
  () => import("@/components/ui/confirm-dialog").then((module) => module.ConfirmDialog),
  { ssr: false },
);

/** The id of the packs' section: /pricing's Buy links lead to it. */
export const PACKS_ID = "packs";

function CreditRow({ credit, offer }: { credit: ListingCredit; offer: Offer }) {
  return (
    <tr>
      <td className={tdClass}>{planName(offer, credit.plan)}</td>
      <td className={`${tdClass} whitespace-nowrap`}>{formatDate(credit.purchased_at)}</td>
      <td className={`${tdClass} whitespace-nowrap`}>
        {credit.expires_at ? formatDate(credit.expires_at) : "Never"}
      </td>
      <td className={tdClass}>
        {CREDIT_STATE_LABELS[credit.state]}
        {credit.returned && credit.state === "available" && (
          <span className="block text-xs text-gray-500">
            Given back: its listing was not approved
          </span>
        )}
      </td>
      <td className={tdClass}>
        {credit.job_id !== null ? (
          <Link
            href={`${routes.listings}?listing=${credit.job_id}`}
            className="font-medium text-violet-700 hover:underline"
          >
            {credit.job_title ?? `Listing #${credit.job_id}`}
          </Link>
        ) : (
          <span className="text-gray-500">Not used</span>
        )}
      </td>
    </tr>
  );
}

/** Why some credits cannot be used yet: an overdue invoice, or packs not paid yet. */
function OnHold({
  balance,
  standing,
  currency,
}: {
  balance: CreditBalance;
  standing: CreditStanding;
  currency: string;
}) {
  if (standing.overdue_invoice) {
    return (
      <p role="note" className="mt-2 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
        Invoice {standing.overdue_invoice} is overdue. Until it is paid, your credits, upgrades and
        orders on invoice wait.
      </p>
    );
  }
  if (balance.on_hold === 0) return null;
  const one = balance.on_hold === 1;
  return (
    <p role="note" className="mt-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {one ? "1 more credit" : `${balance.on_hold} more credits`} can be used once{" "}
      {one ? "its pack is" : "their packs are"} paid
      {standing.limit_minor > 0
        ? `: your company may use ${formatMoney(standing.limit_minor, currency)} before paying, and uses ${formatMoney(standing.in_use_minor, currency)}.`
        : "."}
    </p>
  );
}

/** The credits the company holds, when the next expires, and every credit it had. */
function Credits({
  balance,
  standing,
  credits,
  offer,
}: {
  balance: CreditBalance;
  standing: CreditStanding;
  credits: ListingCredit[];
  offer: Offer;
}) {
  return (
    <RegionCard
      id="credits"
      title="Credits"
      lead="Each listing in a pack is a credit. One is used when you post, renew or upgrade a listing on its plan, the oldest first."
    >
      <div>
        <p className="text-lg font-semibold text-gray-900">{balanceSentence(balance, offer)}</p>
        {balance.next_expiry && (
          <p className="mt-1 text-sm text-gray-600">
            The next one expires on {formatDate(balance.next_expiry)}.
          </p>
        )}
        <OnHold balance={balance} standing={standing} currency={offer.currency} />
      </div>
      {credits.length > 0 ? (
        <TableFrame label="Your credits">
          <table className={tableClass}>
            <caption className="sr-only">Your credits, and the listing each was used on</caption>
            <thead className={headClass}>
              <tr>
                <th scope="col" className={thClass}>
                  Plan
                </th>
                <th scope="col" className={thClass}>
                  Bought
                </th>
                <th scope="col" className={thClass}>
                  Expires
                </th>
                <th scope="col" className={thClass}>
                  State
                </th>
                <th scope="col" className={thClass}>
                  Listing
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {credits.map((credit) => (
                <CreditRow key={credit.id} credit={credit} offer={offer} />
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : (
        <p className="text-sm text-gray-600">
          You have no credits yet. A pack below gives you listings for less.
        </p>
      )}
    </RegionCard>
  );
}

/** What a pack bought by bank transfer came to: its invoice, and the balance now. */
function bought(purchase: PackPurchase, offer: Offer): string {
  const held = balanceSentence(purchase.balance, offer);
  const waiting = purchase.balance.on_hold;
  const balance = `You now have ${held === "No credits" ? "no credits" : held}${
    waiting > 0 ? `; ${waiting} more ${waiting === 1 ? "waits" : "wait"} for payment` : ""
  }.`;
  const invoice = purchase.invoice;
  if (!invoice) return `Bought. ${balance}`;
  const due = invoice.due_at ? `; pay it by ${formatDate(invoice.due_at)}` : "";
  return `Bought. Invoice ${invoice.number} for ${formatMoney(invoice.total_minor, invoice.currency)} is in your invoices below${due}. ${balance}`;
}

/**
 * The four packs, each with a Buy button. By card, Buy goes to Stripe's payment page. By bank
 * transfer it asks first, since an invoice is issued at once; what came of it is said below.
 */
function Packs({ payment, offer }: { payment: Overview["payment"]; offer: Offer }) {
  const buy = useBuyPack();
  const [asking, setAsking] = useState<ListingPack | null>(null);
  const [pressed, setPressed] = useState<string | null>(null);
  const byTransfer = payment.pays_by === "transfer";
  // No invoice is issued before the board's bank is set: it would not say where to pay.
  const unavailable = byTransfer && !payment.transfer_ready;

  const [coupon, setCoupon] = useState("");
  const send = (pack: ListingPack) => {
    setPressed(pack.id);
    buy.mutate({ pack, coupon }, { onSettled: () => setAsking(null) });
  };
  // A coupon code refused (issue 63) is said under its field.
  const couponError =
    buy.isError && hasFieldErrors(buy.error) ? buy.error.errors.coupon?.[0] : undefined;

  let status = "";
  if (couponError) status = "";
  else if (buy.isError)
    status = serverMessage(buy.error, "The pack was not bought. Please try again.");
  else if (buy.isSuccess && !buy.data.checkout_url) status = bought(buy.data, offer);

  return (
    <RegionCard
      id={PACKS_ID}
      title="Packs"
      lead={
        unavailable
          ? TRANSFER_UNAVAILABLE
          : byTransfer
            ? `Listings bought ahead, for less. We email you an invoice, its PDF attached, to pay by bank transfer within ${payment.terms_days} days; the credits are yours at once, usable once it is paid.`
            : `Listings bought ahead, for less. You pay by card; the credits are yours once paid.`
      }
    >
      <div className="max-w-xs">
        <TextField
          label="Coupon code"
          hint="Optional: its discount is taken off the pack you buy."
          name="coupon"
          autoComplete="off"
          value={coupon}
          error={couponError}
          onChange={(event) => setCoupon(event.target.value)}
        />
      </div>
      <ul role="list" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {packsOnSale(offer).map((pack) => {
          const busy = buy.isPending && pressed === pack.id;
          return (
            <PackCard key={pack.id} offer={offer} pack={pack}>
              <Button
                className="w-full"
                busy={buy.isPending}
                disabled={unavailable}
                onClick={() => (byTransfer ? setAsking(pack) : send(pack))}
              >
                {busy && !byTransfer ? "Opening payment…" : "Buy"}
                <span className="sr-only"> {pack.name}</span>
              </Button>
            </PackCard>
          );
        })}
      </ul>
      <p
        role="status"
        className={`text-sm font-medium ${buy.isError ? "text-red-700" : "text-emerald-800"}`}
      >
        {status}
      </p>
      {asking && (
        <ConfirmDialog
          open
          onClose={() => setAsking(null)}
          onConfirm={() => send(asking)}
          pending={buy.isPending}
          title={`Buy ${asking.name}?`}
          confirmLabel={`Buy for ${formatPrice(asking.price_minor, offer.currency)}`}
          pendingLabel="Buying…"
          cancelLabel="Cancel"
          tone="primary"
        >
          <p>
            We issue an invoice for {formatPrice(asking.price_minor, offer.currency)}, plus tax
            where it applies, and email it to your billing contact, to pay by bank transfer within{" "}
            {payment.terms_days} days. The {asking.listings} credits are yours at once, and usable
            once the invoice is paid.
          </p>
        </ConfirmDialog>
      )}
    </RegionCard>
  );
}

/** The company's invoices and credit notes, newest first, and how it pays. */
function Invoices({ overview }: { overview: Overview }) {
  return (
    <RegionCard id="invoices" title="Invoices" lead={`${paysBy(overview.payment)}.`}>
      {overview.invoices.length > 0 ? (
        <InvoiceTable
          label="Your invoices and credit notes"
          invoices={overview.invoices}
          actionsLabel="PDF"
          actions={(invoice) => <PdfButton invoice={invoice} />}
        />
      ) : (
        <p className="text-sm text-gray-600">
          No invoices yet. Each paid listing, renewal, upgrade or pack gets one here.
        </p>
      )}
    </RegionCard>
  );
}

/**
 * /listings/billing's money (issue 45): credits, packs and invoices. Scrolls to the packs when
 * the address asks for them (/pricing's Buy links): the browser could not, as they come after
 * the page.
 */
export function BillingOverview({ overview }: { overview: Overview }) {
  useEffect(() => {
    if (window.location.hash === `#${PACKS_ID}`) {
      document.getElementById(PACKS_ID)?.scrollIntoView();
    }
  }, []);
  return (
    <div className="space-y-6">
      <Credits
        balance={overview.balance}
        standing={overview.standing}
        credits={overview.credits}
        offer={overview.offer}
      />
      <SubscriptionPanel offer={overview.offer} />
      <Packs payment={overview.payment} offer={overview.offer} />
      <Invoices overview={overview} />
    </div>
  );
}
