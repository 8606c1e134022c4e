import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import { buttonClass } from "@/components/ui/button";
import type { GetServerSideProps } from "next";
import { ContentPage } from "@/features/content/components/content-page";
import { formatDate } from "@/lib/format";
import type { Offer } from "@/features/content/offer-types";
import { offerCard } from "@/features/content/og-cards";
import { routes } from "@/lib/routes";
import { findOffer, isOfferLive, offersCacheControl } from "@/features/content/server/offers";
import { RichText } from "@/components/ui/rich-text";

type OfferPageProps = { offer: Offer; ended: boolean };

/**
 * Rendered on a request (issue 64: editors write offers in the app) and kept by the shared caches
 * no longer than the offer has left: after its last day the page says it has ended, with no
 * deploy. An editor's change purges it.
 */
export const getServerSideProps: GetServerSideProps<OfferPageProps, { offerId: string }> = async ({
  params,
  res,
}) => {
  const now = new Date();
  const offer = await findOffer(params?.offerId ?? "");
  if (!offer) return { notFound: true };
  const ended = !isOfferLive(offer, now);
  res.setHeader("Cache-Control", offersCacheControl([offer], now));
  return { props: { offer, ended } };
};

export default function OfferPage({ offer, ended }: OfferPageProps) {
  return (
    <ContentPage
      eyebrow={`Partner offer · ${offer.category}`}
      title={offer.title}
      description={offer.summary}
      path={routes.offer(offer.id)}
      card={offerCard(offer, ended)}
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
        <RichText html={offer.html} className="max-w-3xl min-w-0" />
        <aside className="space-y-4 rounded-2xl border border-gray-200 p-5 lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-medium text-gray-600">{offer.partner}</p>
          <p className="text-2xl font-bold text-violet-700">{offer.discount}</p>
          {ended ? (
            <p className="rounded-lg bg-gray-100 px-4 py-3 text-sm font-medium text-gray-700">
              This offer ended on {formatDate(offer.endedAt ?? offer.expires)}.
            </p>
          ) : (
            <>
              {offer.code && (
                <div>
                  <p className="text-sm text-gray-600">Use the code</p>
                  <p className="mt-1 rounded-lg border border-dashed border-violet-300 bg-violet-50 px-3 py-2 text-center font-mono text-lg font-semibold tracking-wider text-violet-900 select-all">
                    {offer.code}
                  </p>
                </div>
              )}
              <a
                href={offer.url}
                target="_blank"
                rel="noopener noreferrer sponsored"
                className={buttonClass({ size: "lg", className: "w-full" })}
              >
                Claim on {offer.partner}&rsquo;s site
                <ArrowTopRightOnSquareIcon aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
              <p className="text-sm text-gray-600">
                Claim by <time dateTime={offer.expires}>{formatDate(offer.expires)}</time>.
              </p>
            </>
          )}
        </aside>
      </div>
    </ContentPage>
  );
}
