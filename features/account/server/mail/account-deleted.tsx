import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { greeting, Layout, Paragraph, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["account-deleted"];

function AccountDeletedEmail(props: Props) {
  return (
    <Layout
      preview="Your profile, preferences, saved jobs and alerts are gone."
      heading="Your account is deleted"
      reason="You get this once, to confirm the deletion you asked for. We will not write again."
    >
      <Paragraph>
        {greeting(props.recipientName)} your {boardSettings().name} account is deleted, with
        everything in it: your profile, your preferences and job alerts, and the jobs you saved or
        applied to.
      </Paragraph>
      <Paragraph>
        Thank you for using {boardSettings().name}. You are welcome back any time: signing in again
        starts a new account at{" "}
        <TextLink href={absoluteUrl(routes.home)}>{boardSettings().name}</TextLink>.
      </Paragraph>
    </Layout>
  );
}

export const accountDeleted: MailTemplateDefinition<"account-deleted"> = {
  subject: () => `Your ${boardSettings().name} account is deleted`,
  Email: AccountDeletedEmail,
};
