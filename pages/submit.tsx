// First: no zod schema may be built in the browser before zod is told not to try eval.
import "@/lib/zod-jitless";
import type { GetServerSideProps } from "next";
import { ContentPage } from "@/features/content/components/content-page";
import { RecaptchaProvider } from "@/components/providers/recaptcha-provider";
import { SubmitForm } from "@/features/listings/components/submit-form";
import { listingPlansCard } from "@/features/billing/og-card";
import { PAGE_COPY } from "@/features/content/page-copy";
import { pageQuery } from "@/lib/page-params";
import { publicEnv } from "@/lib/public-env";
import {
  BASE_PLAN_ID,
  plansOnSale,
  type ListingPlanId,
  type Offer,
} from "@/features/billing/offer";
import { readOffer } from "@/features/billing/server/offer";
import { getDatabase } from "@/lib/server/db";
import { routes } from "@/lib/routes";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";

type SubmitPageProps = { plan: ListingPlanId; offer: Offer };

/** The plan chosen on /pricing (?plan=) is rendered chosen, so nothing moves on load. */
export const getServerSideProps: GetServerSideProps<SubmitPageProps> = async ({ query, res }) => {
  const { plan } = pageQuery("/submit", query);
  const offer = await readOffer(await getDatabase());
  const chosen = plansOnSale(offer).find((each) => each.id === plan);
  // The owner's change purges it (issue 63): kept no longer than a list.
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.list);
  return { props: { plan: chosen?.id ?? BASE_PLAN_ID, offer } };
};

export default function SubmitPage({ plan, offer }: SubmitPageProps) {
  return (
    <ContentPage
      {...PAGE_COPY.submit}
      path={routes.submit}
      card={listingPlansCard("submit", offer)}
    >
      {/* The bot check's provider (and Google's script) only where the bot check is used. */}
      <RecaptchaProvider siteKey={publicEnv.recaptchaSiteKey}>
        <SubmitForm initialPlan={plan} offer={offer} />
      </RecaptchaProvider>
    </ContentPage>
  );
}
