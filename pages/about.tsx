import type { GetServerSideProps } from "next";
import { Link } from "@/components/ui/link";
import { ContentPage } from "@/features/content/components/content-page";
import type { Offer } from "@/features/content/offer-types";
import { copyCard } from "@/features/content/og-copy-cards";
import { ABOUT_COPY } from "@/features/content/page-copy";
import { latestReport, REPORT_BLURB } from "@/features/reports/reports";
import { routes } from "@/lib/routes";
import { isOfferLive, listOffers, offersCacheControl } from "@/features/content/server/offers";
import { boardSettings, contactMailto } from "@/lib/board-settings";

type AboutPageProps = { offers: Pick<Offer, "id" | "partner" | "title" | "summary">[] };

/**
 * The partner offers live now (issue 64: editors write them in the app). Rendered on a request
 * and kept by the shared caches no longer than the soonest offer has left, so an offer leaves
 * the page by itself at its end; an editor's change purges it.
 */
export const getServerSideProps: GetServerSideProps<AboutPageProps> = async ({ res }) => {
  const now = new Date();
  const live = (await listOffers()).filter((offer) => isOfferLive(offer, now));
  res.setHeader("Cache-Control", offersCacheControl(live, now));
  return {
    props: {
      offers: live.map(({ id, partner, title, summary }) => ({ id, partner, title, summary })),
    },
  };
};

const PRINCIPLES = [
  {
    title: "Only creator-economy roles",
    text: "Creator-led brands, talent agencies, multi-channel networks, creator platforms and the tools they run on. If a role would fit any board, it is not ours.",
  },
  {
    title: "Pay on the page",
    text: "We ask every employer for a salary range and show it, and our filters let you leave out roles that hide it.",
  },
  {
    title: "Real numbers, every quarter",
    text: "Our hiring-trends reports are counted from the roles on the board, so employers can price roles and candidates can see where demand is.",
  },
];

export default function AboutPage({ offers }: AboutPageProps) {
  const settings = boardSettings();
  return (
    <ContentPage {...ABOUT_COPY} path={routes.about} card={copyCard("about")}>
      <div className="grid gap-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="prose prose-gray max-w-none prose-a:text-violet-700">
          <p className="lead">
            Creators have become businesses, and those businesses need teams: partnership managers,
            editors, designers, engineers, finance and legal people who understand how the creator
            economy works. {settings.name} is a job board for exactly those roles.
          </p>
          <h2>Why we started</h2>
          <p>
            We started {settings.name} in 2023 after years of hiring for creator businesses and
            watching good people miss good roles. The jobs were scattered across generic boards,
            agency newsletters and group chats; a talent manager in Manchester and a studio in Los
            Angeles had no place to find each other. Today the board lists {REPORT_BLURB.openRoles}{" "}
            open roles at {REPORT_BLURB.companies} companies, and our directory covers{" "}
            {REPORT_BLURB.tools} tools that creators and their teams use.
          </p>
          <h2>What we do</h2>
          <ul>
            <li>
              <Link href={routes.home}>Jobs</Link> by department, region and type, each with the
              company, the pay and a straight way to apply.
            </li>
            <li>
              A free <Link href={routes.signUp}>candidate profile</Link> to save jobs, track
              applications and get alerts, and the <Link href={routes.talent}>talent page</Link> for
              those who want employers to find them.
            </li>
            <li>
              <Link href={routes.pricing}>Sponsored listings</Link> and{" "}
              <Link href={routes.recruitmentServices}>recruitment services</Link> for employers.
            </li>
            <li>
              The quarterly{" "}
              <Link href={latestReport().path}>creator economy hiring trends report</Link> and the{" "}
              <Link href={routes.blog}>blog</Link>.
            </li>
          </ul>
          <h2>Talk to us</h2>
          <p>
            Questions, feedback or a role you would like us to feature? Write to us at{" "}
            <a href={contactMailto(settings)}>{settings.contactEmail}</a>. A person reads every
            message, usually within one working day.
          </p>
        </div>
        <aside className="space-y-6">
          {PRINCIPLES.map((principle) => (
            <div key={principle.title} className="rounded-2xl bg-gray-50 p-5">
              <h2 className="text-base font-semibold text-gray-900">{principle.title}</h2>
              <p className="mt-2 text-sm leading-6 text-gray-600">{principle.text}</p>
            </div>
          ))}
        </aside>
      </div>
      {offers.length > 0 && (
        <section aria-labelledby="perks" className="mt-16 border-t border-gray-200 pt-12">
          <h2 id="perks" className="text-xl font-semibold text-gray-900">
            Perks from our partners
          </h2>
          <p className="mt-2 text-sm text-gray-600">
            Deals on the tools creator teams use every day.
          </p>
          <ul role="list" className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {offers.map((offer) => (
              <li
                key={offer.id}
                className="relative rounded-2xl p-5 ring-1 ring-gray-200 hover:ring-violet-300"
              >
                <p className="text-sm font-medium text-gray-600">{offer.partner}</p>
                <h3 className="mt-1 font-semibold text-gray-900">
                  <Link href={routes.offer(offer.id)}>
                    <span className="absolute inset-0" aria-hidden="true" />
                    {offer.title}
                  </Link>
                </h3>
                <p className="mt-2 text-sm text-gray-600">{offer.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </ContentPage>
  );
}
