import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, greeting, Layout, Paragraph, Quote, TextLink } from "@/lib/server/mail/layout";
import { JobLink } from "@/features/jobs/server/mail/job-link";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

/*
 * An employer's invitation to apply (issue 47), to the candidate it found in the directory: who
 * invites them to which job, the employer's message quoted as plain text (React escapes it; no
 * HTML of theirs ever reaches the mail), where to accept or decline it, and how to stop
 * invitations altogether.
 */

type Props = MailTemplates["job-invitation"];

function JobInvitationEmail(props: Props) {
  const job = {
    jobId: props.jobId,
    slug: props.slug,
    title: props.title,
    companyName: props.companyName,
  };
  return (
    <Layout
      preview={`${props.companyName} invites you to apply for ${props.title}.`}
      heading={`${props.companyName} invites you to apply`}
      reason={
        <>
          You get this because employers hiring on {boardSettings().name} can find your profile and
          invite you. To stop invitations, turn them off in your{" "}
          <TextLink href={absoluteUrl(routes.settings)}>Settings</TextLink>, or hide your profile.
        </>
      }
    >
      <Paragraph>
        {greeting(props.recipientName)} {props.companyName} found your profile and invites you to
        apply for <JobLink job={job} />. Your address is not shown to them: they hear from you only
        if you apply.
      </Paragraph>
      <Paragraph>Their message:</Paragraph>
      <Quote text={props.message} />
      <Paragraph>
        Accept it to open the application form, already filled in from your profile, or decline it,
        with a reason if you like.
      </Paragraph>
      <Action href={absoluteUrl(routes.invitations)}>See your invitations</Action>
    </Layout>
  );
}

export const jobInvitation: MailTemplateDefinition<"job-invitation"> = {
  subject: (props) => `${props.companyName} invites you to apply: ${props.title}`,
  Email: JobInvitationEmail,
};
