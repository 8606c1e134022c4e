import type { GetServerSideProps } from "next";
import { ContentPage } from "@/features/content/components/content-page";
import { EnquiryForm } from "@/features/enquiries/components/enquiry-form";
import { PlanCard } from "@/features/billing/components/plan-card";
import { recruitmentCard } from "@/features/billing/og-card";
import { PAGE_COPY } from "@/features/content/page-copy";
import { pageQuery } from "@/lib/page-params";
import {
  RECRUITMENT_PLANS,
  recruitmentPlan,
  type RecruitmentPlanId,
} from "@/features/billing/pricing";
import { routes } from "@/lib/routes";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";

type RecruitmentPageProps = { service: RecruitmentPlanId };

export const getServerSideProps: GetServerSideProps<RecruitmentPageProps> = async ({
  query,
  res,
}) => {
  const { service } = pageQuery("/recruitment-services", query);
  const chosen = typeof service === "string" ? recruitmentPlan(service) : undefined;
  const fallback = RECRUITMENT_PLANS.find((plan) => plan.recommended) ?? RECRUITMENT_PLANS[0]!;
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.job);
  return { props: { service: (chosen ?? fallback).id } };
};

const enquireHref = (service: RecruitmentPlanId) =>
  `${routes.recruitmentServices}?service=${service}#enquire`;

export default function RecruitmentServicesPage({ service }: RecruitmentPageProps) {
  return (
    <ContentPage
      {...PAGE_COPY["recruitment-services"]}
      path={routes.recruitmentServices}
      card={recruitmentCard()}
    >
      <div className="grid gap-8 lg:grid-cols-3">
        {RECRUITMENT_PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            name={plan.name}
            price={plan.price}
            priceNote={plan.priceNote}
            summary={plan.summary}
            includes={plan.includes}
            highlighted={plan.recommended}
            action={{ href: enquireHref(plan.id), label: `Enquire about ${plan.name}` }}
          />
        ))}
      </div>
      <section
        id="enquire"
        aria-labelledby="enquire-heading"
        className="mt-20 grid scroll-mt-24 gap-10 lg:grid-cols-3"
      >
        <div>
          <h2 id="enquire-heading" className="text-xl font-semibold text-gray-900">
            Tell us who you need
          </h2>
          <p className="mt-3 text-gray-600">
            A recruiter who works only in the creator economy reads every enquiry and replies within
            one working day, with questions or a plan.
          </p>
        </div>
        <div className="lg:col-span-2">
          <EnquiryForm key={service} service={service} />
        </div>
      </section>
    </ContentPage>
  );
}
