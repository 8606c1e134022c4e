import { BackToListings } from "@/features/listings/components/back-to-listings";
import { EmbedSnippets } from "@/features/embed/components/embed-snippets";
import {
  CompanyDetailsForm,
  LogoEditor,
  PublicPageLink,
} from "@/features/companies/components/company-editor";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { CompanyLogo } from "@/components/ui/company-logo";
import { TeamLinks } from "@/features/companies/components/team-links";
import { FormSection } from "@/components/ui/form-controls";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useOwnCompany, type OwnCompany } from "@/features/companies/hooks/use-company";
import { useCurrentUser } from "@/hooks/use-current-user";
import { roleAtLeast } from "@/lib/auth/company-roles";
import { routes } from "@/lib/routes";

/** The company page's details as they stand, for a viewer, who changes nothing. */
function CompanyDetails({ company }: { company: OwnCompany }) {
  return (
    <FormSection
      title="About the company"
      lead="Your role in the company (Viewer) reads these; its owner, admins and recruiters edit them."
    >
      <div className="flex items-center gap-4">
        <CompanyLogo name={company.name} slug={company.slug} logoUrl={company.logo_url} size="lg" />
        <p className="text-lg font-semibold text-gray-900">{company.name}</p>
      </div>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-gray-900">Website</dt>
          <dd className="mt-0.5 break-all text-gray-700">{company.website ?? "None given"}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-900">About</dt>
          <dd className="mt-0.5 whitespace-pre-line text-gray-700">
            {company.about ?? "Nothing written yet."}
          </dd>
        </div>
      </dl>
    </FormSection>
  );
}

/**
 * /listings/company: the employer's company page as they edit it: its logo, name, website and
 * about. Signed in only (the profile layout sees to that); before their first listing there is
 * no company yet, and the screen says where it comes from.
 */
export default function CompanyEditorPage() {
  const { data: company, isPending } = useOwnCompany();
  const { data: user } = useCurrentUser();
  // A viewer (issue 44) reads the page; the other roles edit it. The server checks it too.
  const role = user?.company?.role;
  const readOnly = role !== undefined && !roleAtLeast(role, "recruiter");

  let content;
  if (isPending) content = <ProfileScreenLoading />;
  else if (!company) {
    content = (
      <EmptyList title="No company page yet" action={{ href: routes.submit, label: "Post a job" }}>
        Your company page is made with your first listing, from the company details you give there.
      </EmptyList>
    );
  } else if (readOnly) {
    content = <CompanyDetails company={company} />;
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
        <BackToListings />
        {company && <PublicPageLink slug={company.slug} />}
        <TeamLinks role={role} />
      </div>
      <div className="mt-8">{content}</div>
      {/* Every member may put the company's jobs on its own site (issue 66). */}
      {company && (
        <div className="mt-6">
          <EmbedSnippets company={company} />
        </div>
      )}
    </>
  );
}
