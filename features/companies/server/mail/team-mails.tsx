import { INVITATION_DAYS } from "@/features/companies/team";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/auth/company-roles";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, greeting, Layout, Paragraph } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

/*
 * The team's mail (issue 44): an invitation to join a company, and what a member is told when
 * their place in it changes.
 */

type InvitationProps = MailTemplates["team-invitation"];

const expiry = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * How an invitation is accepted, and its link (`page#token`): a company's team's and the board's
 * team's invitations alike.
 */
export function InvitationAcceptance(props: {
  page: string;
  token: string;
  expiresAt: string;
  days: number;
}) {
  return (
    <>
      <Paragraph>
        Sign in with the Google account of this address to accept. The link works once, until{" "}
        {expiry(props.expiresAt)} ({props.days} days).
      </Paragraph>
      <Action href={`${absoluteUrl(props.page)}#${props.token}`}>Accept the invitation</Action>
    </>
  );
}

function TeamInvitationEmail(props: InvitationProps) {
  const role = ROLE_LABELS[props.role];
  return (
    <Layout
      preview={`Join ${props.companyName} on ${boardSettings().name} as ${role}.`}
      heading={`Join ${props.companyName} on ${boardSettings().name}`}
      reason={`You get this because ${props.inviterName ?? "a member of the company"} invited this address. If you do not know them, ignore it: nothing happens unless the link is used.`}
    >
      <Paragraph>
        {props.inviterName ?? "A member of the company"} invited you to run {props.companyName}
        {"’"}s job listings and applicants with them, as {role}: {ROLE_DESCRIPTIONS[props.role]}
      </Paragraph>
      <InvitationAcceptance
        page={routes.joinCompany}
        token={props.token}
        expiresAt={props.expiresAt}
        days={INVITATION_DAYS}
      />
    </Layout>
  );
}

export const teamInvitation: MailTemplateDefinition<"team-invitation"> = {
  subject: (props) => `Join ${props.companyName} on ${boardSettings().name}`,
  Email: TeamInvitationEmail,
};

type ChangeProps = MailTemplates["team-change"];

const CHANGE_TEXT: Record<ChangeProps["change"], (props: ChangeProps) => string> = {
  role: (props) =>
    `your role in ${props.companyName} is now ${ROLE_LABELS[props.role!]}: ${ROLE_DESCRIPTIONS[props.role!]}`,
  removed: (props) =>
    `you are no longer a member of ${props.companyName}. Its listings and applicants are no longer yours to open; what you did there stays with the company, under your name.`,
  owner: (props) =>
    `${props.companyName} was handed over to you: you are its owner, with everything that comes with it (billing, the team, handing it over in turn).`,
};

const CHANGE_SUBJECTS: Record<ChangeProps["change"], string> = {
  role: "Your role changed",
  removed: "You were removed from",
  owner: "You now own",
};

function TeamChangeEmail(props: ChangeProps) {
  return (
    <Layout
      preview={`${CHANGE_SUBJECTS[props.change]} ${props.companyName}.`}
      heading={`${CHANGE_SUBJECTS[props.change]} ${props.companyName}`}
      reason={`You get this because your place in ${props.companyName} on ${boardSettings().name} changed.`}
    >
      <Paragraph>
        {greeting(props.recipientName)} {CHANGE_TEXT[props.change](props)}
      </Paragraph>
      {props.change === "removed" ? null : (
        <Action href={absoluteUrl(routes.team)}>See the team</Action>
      )}
    </Layout>
  );
}

export const teamChange: MailTemplateDefinition<"team-change"> = {
  subject: (props) =>
    props.change === "role"
      ? `${CHANGE_SUBJECTS.role} in ${props.companyName}`
      : `${CHANGE_SUBJECTS[props.change]} ${props.companyName}`,
  Email: TeamChangeEmail,
};
