import { Column } from "@react-email/column";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import type { ReactNode } from "react";
import { formatCount } from "@/lib/format";
import { RECRUITMENT_PLANS } from "@/features/billing/pricing";
import { routes } from "@/lib/routes";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Layout, Paragraph, Quote, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

type Props = MailTemplates["enquiry-team"];

/** A recruitment plan's name as /recruitment-services shows it, or its id if it has gone. */
export const serviceName = (service: string) =>
  RECRUITMENT_PLANS.find((plan) => plan.id === service)?.name ?? service;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Row>
      <Column
        style={{
          color: "#6b7280",
          fontSize: "14px",
          padding: "4px 0",
          verticalAlign: "top",
          width: "30%",
        }}
      >
        {label}
      </Column>
      <Column style={{ color: "#111827", fontSize: "14px", padding: "4px 0" }}>{children}</Column>
    </Row>
  );
}

function EnquiryTeamEmail(props: Props) {
  // The form accepts only http(s) addresses; anything else arriving here stays plain text.
  const website =
    props.website && /^https?:\/\//i.test(props.website) ? (
      <TextLink href={props.website}>{props.website}</TextLink>
    ) : (
      (props.website ?? "None given")
    );
  return (
    <Layout
      preview={`${props.name} at ${props.company}: ${serviceName(props.service)}`}
      heading={`New enquiry #${props.enquiryId}`}
      reason={`Sent to the team's inbox from the enquiry form on ${routes.recruitmentServices}. Reply to this message to answer ${props.name}.`}
    >
      <Section style={{ margin: "16px 0" }}>
        <Field label="Name">{props.name}</Field>
        <Field label="Email">
          <TextLink href={`mailto:${props.email}`}>{props.email}</TextLink>
        </Field>
        <Field label="Company">{props.company}</Field>
        <Field label="Website">{website}</Field>
        <Field label="Service">{serviceName(props.service)}</Field>
        <Field label="Roles">{formatCount(props.roles)}</Field>
      </Section>
      <Paragraph>Their message:</Paragraph>
      <Quote text={props.message} />
    </Layout>
  );
}

export const enquiryTeam: MailTemplateDefinition<"enquiry-team"> = {
  subject: (props) =>
    `New enquiry #${props.enquiryId}: ${serviceName(props.service)} for ${props.company}`,
  Email: EnquiryTeamEmail,
  // Answering the team's copy answers the person who asked.
  replyTo: (props) => props.email,
};
