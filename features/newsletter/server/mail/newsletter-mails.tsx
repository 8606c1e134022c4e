import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { jobUrl } from "@/features/jobs/server/job-url";
import { boardSettings } from "@/lib/board-settings";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import { Action, BRAND_COLOUR, Layout, Paragraph, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";
import { DEPARTMENTS, REGIONS } from "@/lib/taxonomy";
import type { IssueMailListing } from "./messages";

/* The newsletter's mail (issue 66): the confirmation of a subscription, and a weekly issue. */

const labels = (slugs: string[], entries: readonly { slug: string; label: string }[]) =>
  slugs.map((slug) => entries.find((entry) => entry.slug === slug)?.label ?? slug).join(", ");

export const confirmUrl = (token: string) =>
  absoluteUrl(`/newsletter/confirm?token=${encodeURIComponent(token)}`);
export const newsletterUnsubscribePageUrl = (token: string) =>
  absoluteUrl(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
export const newsletterOneClickUrl = (token: string) =>
  absoluteUrl(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
export const issueUrl = (issueId: number) => absoluteUrl(`/newsletter/${issueId}`);

function ConfirmEmail(props: MailTemplates["newsletter-confirm"]) {
  const name = boardSettings().name;
  const wants = [
    props.departments.length > 0 ? `Departments: ${labels(props.departments, DEPARTMENTS)}.` : "",
    props.regions.length > 0 ? `Regions: ${labels(props.regions, REGIONS)}.` : "",
  ].filter(Boolean);
  return (
    <Layout
      preview={`Confirm your subscription to the ${name} newsletter`}
      heading="Confirm your subscription"
      reason={`Someone, we hope you, asked for the ${name} weekly newsletter at this address. If it was not you, ignore this mail: nothing will be sent.`}
    >
      <Paragraph>
        {`Open the link to get the week's new jobs from ${name} every Monday. The link works for 7 days.`}
      </Paragraph>
      {wants.length > 0 && <Paragraph>{wants.join(" ")}</Paragraph>}
      <Action href={confirmUrl(props.token)}>Confirm my subscription</Action>
    </Layout>
  );
}

export const newsletterConfirm: MailTemplateDefinition<"newsletter-confirm"> = {
  subject: () => `Confirm your subscription to the ${boardSettings().name} newsletter`,
  Email: ConfirmEmail,
};

function Listing({ job }: { job: IssueMailListing }) {
  return (
    <Section style={{ margin: "0 0 16px" }}>
      <Text style={{ fontSize: "16px", fontWeight: 600, lineHeight: "22px", margin: 0 }}>
        <TextLink href={jobUrl(job)}>{job.title}</TextLink>
      </Text>
      <Text style={{ color: "#4b5563", fontSize: "14px", lineHeight: "20px", margin: "2px 0 0" }}>
        {[job.companyName, job.location].join(" · ")}
      </Text>
    </Section>
  );
}

const sectionHeading = {
  color: "#111827",
  fontSize: "17px",
  fontWeight: 700,
  margin: "24px 0 12px",
} as const;

function IssueEmail(props: MailTemplates["newsletter-issue"]) {
  const name = boardSettings().name;
  return (
    <Layout
      preview={props.subject}
      heading={props.subject}
      reason={
        <>
          {`You get this because you subscribed to the ${name} newsletter. `}
          <TextLink href={newsletterUnsubscribePageUrl(props.unsubscribeToken)}>
            Unsubscribe
          </TextLink>
          {" · "}
          <TextLink href={issueUrl(props.issueId)}>Read it on the site</TextLink>
        </>
      }
    >
      {props.introHtml && <div dangerouslySetInnerHTML={{ __html: props.introHtml }} />}
      {props.sponsored.length > 0 && (
        <Section style={{ borderTop: `2px solid ${BRAND_COLOUR}`, paddingTop: "8px" }}>
          <Text style={sectionHeading}>Sponsored</Text>
          {props.sponsored.map((job) => (
            <Listing key={job.id} job={job} />
          ))}
        </Section>
      )}
      <Section style={{ borderTop: `2px solid ${BRAND_COLOUR}`, paddingTop: "8px" }}>
        <Text style={sectionHeading}>
          {props.filtered ? "New this week in your departments and regions" : "New this week"}
        </Text>
        {props.listings.length === 0 ? (
          <Paragraph>No new jobs matched your choices this week.</Paragraph>
        ) : (
          props.listings.map((job) => <Listing key={job.id} job={job} />)
        )}
      </Section>
      {props.highlight && (
        <Section style={{ borderTop: `2px solid ${BRAND_COLOUR}`, paddingTop: "8px" }}>
          <Text style={sectionHeading}>{props.highlight.title}</Text>
          <Paragraph>{props.highlight.text}</Paragraph>
          <Paragraph>
            <TextLink href={absoluteUrl(props.highlight.path)}>Read the report</TextLink>
          </Paragraph>
        </Section>
      )}
    </Layout>
  );
}

export const newsletterIssue: MailTemplateDefinition<"newsletter-issue"> = {
  subject: (props) => props.subject,
  Email: IssueEmail,
  // RFC 8058 one-click (the POST needs no page and no session); RFC 2369's List-Unsubscribe.
  headers: (props) => ({
    "List-Unsubscribe": [
      `<${newsletterOneClickUrl(props.unsubscribeToken)}>`,
      ...(props.unsubscribeAddress ? [`<mailto:${props.unsubscribeAddress}>`] : []),
    ].join(", "),
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    "List-Id": `${boardSettings().name} newsletter <newsletter.${new URL(absoluteUrl("/")).hostname}>`,
    Precedence: "bulk",
  }),
  envelopeFrom: (props) => props.bounceAddress ?? undefined,
};
