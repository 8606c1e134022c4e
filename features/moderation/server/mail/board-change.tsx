import { BOARD_ROLE_DESCRIPTIONS, BOARD_ROLE_LABELS } from "@/lib/auth/board-roles";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, greeting, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

/*
 * What a member of the board's own team (issue 64) is told when an owner changes their role or
 * removes them: it counts from their next click.
 */

type Props = MailTemplates["board-change"];

const headingOf = (props: Props) =>
  props.change === "role"
    ? `Your role on the ${boardSettings().name} team is now ${BOARD_ROLE_LABELS[props.role!]}`
    : `You are no longer on the ${boardSettings().name} team`;

function BoardChangeEmail(props: Props) {
  return (
    <Layout
      preview={`${headingOf(props)}.`}
      heading={headingOf(props)}
      reason={`You get this because your place on the team that runs ${boardSettings().name} changed.`}
    >
      {props.change === "role" ? (
        <>
          <Paragraph>
            {greeting(props.recipientName)} an owner of the board made you{" "}
            {BOARD_ROLE_LABELS[props.role!]}: {BOARD_ROLE_DESCRIPTIONS[props.role!]} It counts from
            your next click.
          </Paragraph>
          <Action href={absoluteUrl(routes.review)}>Open the review screens</Action>
        </>
      ) : (
        <Paragraph>
          {greeting(props.recipientName)} an owner of the board removed you from its team: the
          review screens are no longer yours to open. What you did stays in the audit log. To come
          back, you need a new invitation.
        </Paragraph>
      )}
    </Layout>
  );
}

export const boardChange: MailTemplateDefinition<"board-change"> = {
  subject: headingOf,
  Email: BoardChangeEmail,
};
