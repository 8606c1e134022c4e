import { CheckIcon, MinusIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";
import { ContentPage } from "@/features/content/components/content-page";
import { PackCard } from "@/features/billing/components/pack-card";
import { PlanCard } from "@/features/billing/components/plan-card";
import { listingPlansCard } from "@/features/billing/og-card";
import { PAGE_COPY } from "@/features/content/page-copy";
import type { GetServerSideProps } from "next";
import {
  formatPlanPrice,
  packsOnSale,
  plansOnSale,
  subscriptionGives,
  subscriptionPrice,
  type Offer,
  type SubscriptionPlan,
} from "@/features/billing/offer";
import { readOffer } from "@/features/billing/server/offer";
import { subscriptionPlansOnSale } from "@/features/billing/server/subscriptions";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { routes } from "@/lib/routes";

const QUESTIONS = [
  {
    question: "How fast does a listing go live?",
    answer:
      "A person reviews every listing, usually within one working day. Sponsored and Featured listings go live as soon as they are paid and approved.",
  },
  {
    question: "Can I edit a listing after it is live?",
    answer:
      "Yes. Write to support and we will change it the same day; the sponsored time of a Sponsored listing is not affected.",
  },
  {
    question: "Where does a Sponsored listing appear?",
    answer:
      "The first page of every list and search it is in (the home page, its department, region and type, keyword searches and its company's page) opens with up to five sponsored places; the rest of the page is the newest or most relevant jobs. When more sponsored listings match than there are places, they take turns, changing every hour, so each is shown as often as the others. Outside its turn a listing keeps its usual place by date, with its Sponsored badge.",
  },
  {
    question: "What if the role is filled early?",
    answer:
      "Tell us and we close the listing. Unused days of a paid plan carry over to your next listing within six months.",
  },
];

type PricingPageProps = { offer: Offer; subscriptions?: SubscriptionPlan[] };

/**
 * What the board sells as its owner set it (issue 63), rendered on the server and kept by the
 * shared caches for a minute; a change in the console purges it.
 */
export const getServerSideProps: GetServerSideProps<PricingPageProps> = async ({ res }) => {
  const db = await getDatabase();
  const [offer, subscriptions] = await Promise.all([readOffer(db), subscriptionPlansOnSale(db)]);
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.list);
  return { props: { offer, subscriptions } };
};

/** The plans' grid: as many columns as plans, up to four, on a wide screen. */
const PLAN_COLUMNS = ["lg:grid-cols-1", "lg:grid-cols-2", "lg:grid-cols-3", "lg:grid-cols-4"];

export default function PricingPage({ offer, subscriptions = [] }: PricingPageProps) {
  const plans = plansOnSale(offer);
  const packs = packsOnSale(offer);
  const comparison = offer.comparison.filter((row) =>
    row.plans.some((id) => plans.some((plan) => plan.id === id)),
  );
  return (
    <ContentPage
      {...PAGE_COPY.pricing}
      path={routes.pricing}
      card={listingPlansCard("pricing", offer)}
    >
      <div className={`grid gap-8 ${PLAN_COLUMNS[Math.min(Math.max(plans.length, 1), 4) - 1]}`}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            name={plan.name}
            price={formatPlanPrice(offer, plan)}
            priceNote={`${plan.days} days`}
            summary={plan.summary}
            includes={plan.includes}
            highlighted={plan.recommended}
            action={{ href: routes.submitWithPlan(plan.id), label: `Post a ${plan.name} listing` }}
          />
        ))}
      </div>

      {/* Server-rendered links, nothing to run: buying is done signed in, on /listings/billing. */}
      {packs.length > 0 && (
        <section aria-labelledby="packs" className="mt-20">
          <h2 id="packs" className="text-xl font-semibold text-gray-900">
            Packs
          </h2>
          <p className="mt-2 max-w-2xl text-gray-600">
            Post often? Buy listings ahead and pay less for each. Every listing in a pack is a
            credit: use it when you post, renew or upgrade a listing on its plan before it expires.
          </p>
          <ul role="list" className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {packs.map((pack) => (
              <PackCard key={pack.id} offer={offer} pack={pack}>
                <Link
                  href={`${routes.billing}#packs`}
                  className="block rounded-lg bg-violet-600 px-3 py-2.5 text-center text-sm font-semibold text-white hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
                >
                  Buy<span className="sr-only"> {pack.name}</span>
                </Link>
              </PackCard>
            ))}
          </ul>
        </section>
      )}

      {/* Employer subscriptions (issue 63): subscribed to signed in, on /listings/billing. */}
      {subscriptions.length > 0 && (
        <section aria-labelledby="subscriptions" className="mt-20">
          <h2 id="subscriptions" className="text-xl font-semibold text-gray-900">
            Subscriptions
          </h2>
          <p className="mt-2 max-w-2xl text-gray-600">
            Hiring all year? A subscription gives your company listings every month or year, by card
            or on invoice; cancel for the end of any period.
          </p>
          <ul role="list" className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {subscriptions.map((plan) => (
              <li key={plan.id} className="rounded-2xl border border-gray-200 p-6">
                <h3 className="font-semibold text-gray-900">{plan.name}</h3>
                {/* A div: a large bold paragraph reads to axe as a heading in disguise. */}
                <div className="mt-2 text-2xl font-semibold text-gray-900">
                  {subscriptionPrice(plan, offer)}
                </div>
                <p className="mt-2 text-sm text-gray-600">{subscriptionGives(plan, offer)}.</p>
                <Link
                  href={`${routes.billing}#subscription`}
                  className="mt-4 block rounded-lg bg-violet-600 px-3 py-2.5 text-center text-sm font-semibold text-white hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
                >
                  Subscribe<span className="sr-only"> to {plan.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {comparison.length > 0 && (
        <section aria-labelledby="compare" className="mt-20">
          <h2 id="compare" className="text-xl font-semibold text-gray-900">
            Compare plans
          </h2>
          {/* Scrolls sideways on a phone, so it takes focus (arrow keys scroll it), says so below
            the heading and shades the edge with more beyond (issue 61); `relative` keeps the
            screen-reader-only cells' text inside the scrolling box. */}
          <p className="mt-2 text-sm text-gray-600 sm:hidden">
            The table scrolls sideways: swipe it to see every plan.
          </p>
          <div
            role="region"
            aria-label="Plans compared, side by side"
            tabIndex={0}
            className="scroll-shades relative mt-6 overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
          >
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead>
                <tr className="border-b border-gray-200">
                  <th scope="col" className="py-3 pr-4 font-medium text-gray-500">
                    Included
                  </th>
                  {plans.map((plan) => (
                    <th
                      key={plan.id}
                      scope="col"
                      className="px-4 py-3 text-center font-semibold text-gray-900"
                    >
                      {plan.name}
                      <span className="block text-xs font-normal text-gray-500">
                        {formatPlanPrice(offer, plan)}
                      </span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {comparison.map((row) => (
                  <tr key={row.feature} className="border-b border-gray-100">
                    <th scope="row" className="py-3 pr-4 font-normal text-gray-700">
                      {row.feature}
                    </th>
                    {plans.map((plan) => (
                      <td key={plan.id} className="px-4 py-3 text-center">
                        {row.plans.includes(plan.id) ? (
                          <>
                            <CheckIcon
                              aria-hidden="true"
                              className="mx-auto size-5 text-violet-600"
                            />
                            <span className="sr-only">Included</span>
                          </>
                        ) : (
                          <>
                            <MinusIcon
                              aria-hidden="true"
                              className="mx-auto size-5 text-gray-400"
                            />
                            <span className="sr-only">Not included</span>
                          </>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section aria-labelledby="questions" className="mt-20 grid gap-10 lg:grid-cols-3">
        <h2 id="questions" className="text-xl font-semibold text-gray-900">
          Questions employers ask
        </h2>
        <dl className="space-y-8 lg:col-span-2">
          {QUESTIONS.map((item) => (
            <div key={item.question}>
              <dt className="font-semibold text-gray-900">{item.question}</dt>
              <dd className="mt-2 text-gray-600">{item.answer}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mt-20 rounded-3xl bg-gray-50 p-8 sm:flex sm:items-center sm:justify-between">
        <p className="text-gray-700">
          <span className="font-semibold text-gray-900">Rather we found them for you?</span> Our
          recruiters source and screen candidates from the creator economy.
        </p>
        <Link
          href={routes.recruitmentServices}
          className="mt-4 inline-flex shrink-0 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-gray-900 ring-1 ring-gray-300 hover:bg-gray-50 sm:mt-0 sm:ml-6"
        >
          See recruitment services
        </Link>
      </div>
    </ContentPage>
  );
}
