import { boardSettings } from "@/lib/board-settings";
import { jobUrl } from "@/features/jobs/server/job-url";
import { listingPlaceUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["listing-countries"];

function ListingCountriesEmail(props: Props) {
  return (
    <Layout
      preview="Name the countries applicants may live in, and Google can show it to them."
      heading="Google's job search cannot show your remote job yet"
      reason={`You get this once, because you posted a job on ${boardSettings().name}.`}
    >
      <Paragraph>
        <TextLink href={jobUrl({ id: props.jobId, slug: props.slug })}>“{props.title}”</TextLink> at{" "}
        {props.companyName} is live on the board, open to applicants anywhere. Google lists a remote
        job in its job search only with the countries applicants may live in, and has no setting for
        “anywhere”, so it leaves this one out.
      </Paragraph>
      <Paragraph>
        Pick the countries you can hire in (“Worldwide” starts from the ones companies usually can,
        to keep or untick). Your listing still says what it says now, and the change goes live at
        once.
      </Paragraph>
      <Action href={listingPlaceUrl(props.jobId)}>Name the countries</Action>
    </Layout>
  );
}

export const listingCountries: MailTemplateDefinition<"listing-countries"> = {
  subject: (props) => `Name the countries for your remote job: ${props.title}`,
  Email: ListingCountriesEmail,
};
