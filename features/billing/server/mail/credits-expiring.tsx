import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["credits-expiring"];
type Credits = Props["credits"][number];

/** "2 Sponsored listings expire on Jan 3, 2027". */
const expiring = ({ planName, count, expiresAt }: Credits) =>
  `${count} ${planName} ${count === 1 ? "listing expires" : "listings expire"} on ${formatDate(expiresAt)}`;

function CreditsExpiringEmail(props: Props) {
  const soonest = formatDate(props.credits[0]!.expiresAt);
  return (
    <Layout
      preview={`Post, renew or upgrade a listing with them before ${soonest}.`}
      heading="Your listing credits expire soon"
      reason={`You get this because you are an owner or admin of ${props.companyName} on ${boardSettings().name}, who look after its billing.`}
    >
      <Paragraph>Listings {props.companyName} paid for ahead run out soon:</Paragraph>
      {props.credits.map((credits) => (
        <Paragraph key={`${credits.plan}-${credits.expiresAt}`}>
          {expiring(credits)}: use {credits.count === 1 ? "it" : "them"} before then.
        </Paragraph>
      ))}
      <Paragraph>
        A credit is spent when you post, renew or upgrade a listing on its plan. Once it expires it
        is gone.
      </Paragraph>
      <Action href={absoluteUrl(routes.billing)}>See your credits</Action>
    </Layout>
  );
}

export const creditsExpiring: MailTemplateDefinition<"credits-expiring"> = {
  // One plan and day says it all; more are in the message, from the soonest.
  subject: ({ credits }) =>
    credits.length === 1
      ? expiring(credits[0]!)
      : `Your listing credits expire soon, the first on ${formatDate(credits[0]!.expiresAt)}`,
  Email: CreditsExpiringEmail,
};
