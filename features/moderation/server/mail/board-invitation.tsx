import { BOARD_ROLE_DESCRIPTIONS, BOARD_ROLE_LABELS } from "@/lib/auth/board-roles";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { InvitationAcceptance } from "@/features/companies/server/mail/team-mails";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";
import { BOARD_INVITATION_DAYS } from "@/features/moderation/board-team-schemas";

/* An invitation to the board's own team (issue 64), with its single-use link. */

type Props = MailTemplates["board-invitation"];

function BoardInvitationEmail(props: Props) {
  const role = BOARD_ROLE_LABELS[props.role];
  const inviter = props.inviterName ?? "An owner of the board";
  return (
    <Layout
      preview={`Help run ${boardSettings().name} as ${role}.`}
      heading={`Join the team that runs ${boardSettings().name}`}
      reason={`You get this because ${inviter} invited this address. If you do not know them, ignore it: nothing happens unless the link is used.`}
    >
      <Paragraph>
        {inviter} invited you to help run {boardSettings().name} as {role}:{" "}
        {BOARD_ROLE_DESCRIPTIONS[props.role]}
      </Paragraph>
      <InvitationAcceptance
        page={routes.joinBoard}
        token={props.token}
        expiresAt={props.expiresAt}
        days={BOARD_INVITATION_DAYS}
      />
    </Layout>
  );
}

export const boardInvitation: MailTemplateDefinition<"board-invitation"> = {
  subject: () => `Join the team that runs ${boardSettings().name}`,
  Email: BoardInvitationEmail,
};
