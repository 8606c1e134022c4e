import { ArrowLeftIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";
import {
  CompanyDetailsForm,
  LogoEditor,
  PublicPageLink,
} from "@/components/companies/company-editor";
import { EmptyList, ProfileScreenLoading } from "@/components/profile/profile-screen-state";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useOwnCompany } from "@/hooks/use-company";
import { routes } from "@/lib/routes";

/**
 * /listings/company: the employer's company page as they edit it: its logo, name, website and
 * about. Signed in only (the profile layout sees to that); before their first listing there is
 * no company yet, and the screen says where it comes from.
 */
export default function CompanyEditorPage() {
  const { data: company, isPending } = useOwnCompany();

  let content;
  if (isPending) content = <ProfileScreenLoading />;
  else if (!company) {
    content = (
      <EmptyList title="No company page yet" action={{ href: routes.submit, label: "Post a job" }}>
        Your company page is made with your first listing, from the company details you give there.
      </EmptyList>
    );
  } else {
    content = (
      <div className="space-y-6">
        <LogoEditor company={company} />
        <CompanyDetailsForm company={company} />
      </div>
    );
  }

  return (
    <>
      <ProfilePageHeader
        title="Your company page"
        lead="What job seekers see about your company, on its page and beside each of your listings."
      />
      <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
        <Link
          href={routes.listings}
          className="inline-flex items-center gap-1 text-sm font-semibold text-violet-700 hover:text-violet-900"
        >
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Your job listings
        </Link>
        {company && <PublicPageLink slug={company.slug} />}
      </div>
      <div className="mt-8">{content}</div>
    </>
  );
}
