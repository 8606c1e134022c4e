import { ContentPage } from "@/components/content-page";
import { routes } from "@/lib/routes";
import { SITE_NAME, SUPPORT_EMAIL, SUPPORT_MAILTO } from "@/lib/site";

export default function AboutPage() {
  return (
    <ContentPage
      eyebrow="About"
      title={`About ${SITE_NAME}`}
      description="We help the people who power the creator economy find the companies that need them."
      path={routes.about}
    >
      <div className="prose prose-gray max-w-2xl">
        <p>
          Creators have become businesses, and those businesses need teams: partnership managers,
          editors, designers, engineers, finance and legal people who understand how the creator
          economy works. {SITE_NAME} is a job board for exactly those roles.
        </p>
        <p>
          Questions, feedback or a role you would like us to feature? Write to us at{" "}
          <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
        </p>
      </div>
    </ContentPage>
  );
}
