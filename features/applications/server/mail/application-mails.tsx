import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatCount } from "@/lib/format";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";
import { JobLink } from "@/features/jobs/server/mail/job-link";
import { absoluteUrl } from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import type { ApplicantLine } from "./messages";
import { Action, BRAND_COLOUR, Layout, Paragraph, Quote, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

/*
 * Applications on the board by mail (issue 27). What a candidate hears: a receipt, the stages
 * that matter, and, when the listing leaves the board first, a courteous close; each links to
 * the job and to their applications. What the employer hears: each new applicant at once, or
 * one digest a day, as they chose for the listing; each links to the listing's pipeline.
 */

const reason = () => `You get this because you applied to a job on ${boardSettings().name}.`;
const applicationsUrl = () => absoluteUrl(routes.appliedJobs);

/** The candidate's conversation on one application, on /applied-jobs. */
export const conversationUrl = (applicationId: number) =>
  `${applicationsUrl()}#application-${applicationId}`;

/** The employer's view of one applicant, in the listing's pipeline. */
export const applicantConversationUrl = (jobId: number, applicationId: number) =>
  `${absoluteUrl(routes.listingApplicants(jobId))}?applicant=${applicationId}`;

/** How to answer a message: by replying, when the board takes mail in, or on the board. */
function HowToAnswer({ replyTo, href }: { replyTo: string | null | undefined; href: string }) {
  return (
    <>
      <Paragraph>
        {replyTo
          ? "Answer by replying to this mail (your address is not shown to them), or on the board:"
          : "Answer on the board: replies to this mail are not read."}
      </Paragraph>
      <Action href={href}>Answer on {boardSettings().name}</Action>
    </>
  );
}

function ApplicationReceivedEmail(props: MailTemplates["application-received"]) {
  return (
    <Layout
      preview={`${props.companyName} has your application.`}
      heading="Your application was sent"
      reason={reason()}
    >
      <Paragraph>
        Your application for <JobLink job={props} /> reached the employer, with your CV and answers.
        You will hear from us when they invite you to interview, make an offer, or decide not to go
        on, and if the listing closes before they decide.
      </Paragraph>
      <Action href={applicationsUrl()}>See your applications</Action>
    </Layout>
  );
}

const STAGE_WORDS = {
  interview: {
    heading: "You are invited to interview",
    lead: "would like to interview you for",
    subject: "Interview",
  },
  offer: { heading: "You have an offer", lead: "wants to make you an offer for", subject: "Offer" },
  not_selected: {
    heading: "An update on your application",
    lead: "has decided not to go on with your application for",
    subject: "Update",
  },
} as const;

function ApplicationStageEmail(props: MailTemplates["application-stage"]) {
  const words = STAGE_WORDS[props.stage];
  return (
    <Layout
      preview={`${props.companyName} ${words.lead} ${props.title}.`}
      heading={words.heading}
      reason={reason()}
      answerable={Boolean(props.replyTo)}
    >
      <Paragraph>
        {props.companyName} {words.lead} <JobLink job={props} />.
        {props.stage === "not_selected" ? " Thank you for applying." : ""}
      </Paragraph>
      {props.message && (
        <>
          <Paragraph>Their message:</Paragraph>
          <Quote text={props.message} />
        </>
      )}
      {props.applicationId ? (
        <HowToAnswer replyTo={props.replyTo} href={conversationUrl(props.applicationId)} />
      ) : (
        <Action href={applicationsUrl()}>See your applications</Action>
      )}
    </Layout>
  );
}

function ApplicationMessageEmail(props: MailTemplates["application-message"]) {
  return (
    <Layout
      preview={props.body.slice(0, 120)}
      heading={
        props.writerName
          ? `${props.writerName} of ${props.companyName} wrote to you`
          : `${props.companyName} wrote to you`
      }
      reason={reason()}
      answerable={Boolean(props.replyTo)}
    >
      <Paragraph>
        About your application for <JobLink job={props} />:
      </Paragraph>
      <Quote text={props.body} />
      <HowToAnswer replyTo={props.replyTo} href={conversationUrl(props.applicationId)} />
    </Layout>
  );
}

const CLOSED_WORDS = {
  filled: "The role has been filled",
  withdrawn: "The employer withdrew the listing",
  removed: "The listing was taken off the board",
  expired: "The listing ended",
} as const;

function ApplicationClosedEmail(props: MailTemplates["application-closed"]) {
  return (
    <Layout
      preview={`${CLOSED_WORDS[props.reason]} before a decision on your application.`}
      heading="An update on your application"
      reason={reason()}
    >
      <Paragraph>
        {CLOSED_WORDS[props.reason]} before a decision was made on your application for{" "}
        <JobLink job={props} />, so we have closed it. Thank you for applying: your CV stays on your
        profile, ready for the next one.
      </Paragraph>
      <Action href={absoluteUrl(routes.jobs)}>Find your next role</Action>
    </Layout>
  );
}

export const applicationReceived: MailTemplateDefinition<"application-received"> = {
  subject: (props) => `Application sent: ${props.title} at ${props.companyName}`,
  Email: ApplicationReceivedEmail,
};

export const applicationStage: MailTemplateDefinition<"application-stage"> = {
  subject: (props) => `${STAGE_WORDS[props.stage].subject}: ${props.title} at ${props.companyName}`,
  Email: ApplicationStageEmail,
  replyTo: (props) => props.replyTo ?? "",
};

export const applicationMessage: MailTemplateDefinition<"application-message"> = {
  subject: (props) => `Message from ${props.companyName}: ${props.title}`,
  Email: ApplicationMessageEmail,
  replyTo: (props) => props.replyTo ?? "",
};

export const applicationClosed: MailTemplateDefinition<"application-closed"> = {
  subject: (props) => `Your application closed: ${props.title} at ${props.companyName}`,
  Email: ApplicationClosedEmail,
};

/*
 * The employer's mail names an applicant and their headline, and nothing they sent: the CV,
 * answers and cover note are personal, and are read in the pipeline, behind the sign-in.
 */

const applicantsUrl = (jobId: number) => absoluteUrl(routes.listingApplicants(jobId));

const applicantCount = (count: number) =>
  `${formatCount(count)} new ${count === 1 ? "applicant" : "applicants"}`;

/** Why the employer gets it, and where they change how often. */
function EmployerReason({ jobId, often }: { jobId: number; often: string }) {
  return (
    <>
      You get this because your listing on {boardSettings().name} takes applications on the board
      and you chose to hear of applicants {often}. Change it on the{" "}
      <TextLink href={absoluteUrl(routes.listingEdit(jobId))}>listing&rsquo;s edit form</TextLink>.
    </>
  );
}

function Applicant({ applicant }: { applicant: ApplicantLine }) {
  return (
    <Section style={{ margin: "0 0 12px" }}>
      <Text style={{ fontSize: "16px", fontWeight: 600, lineHeight: "22px", margin: 0 }}>
        {applicant.name}
      </Text>
      {applicant.headline && (
        <Text style={{ color: "#4b5563", fontSize: "14px", lineHeight: "20px", margin: "2px 0 0" }}>
          {applicant.headline}
        </Text>
      )}
    </Section>
  );
}

function NewApplicantEmail(props: MailTemplates["new-applicant"]) {
  return (
    <Layout
      preview={`${props.applicant.name} applied to ${props.title}.`}
      heading="You have a new applicant"
      reason={<EmployerReason jobId={props.jobId} often="as each one applies" />}
    >
      <Paragraph>
        Someone applied to “{props.title}” at {props.companyName}:
      </Paragraph>
      <Applicant applicant={props.applicant} />
      <Paragraph>Their CV and answers are with the rest of your applicants.</Paragraph>
      <Action href={applicantsUrl(props.jobId)}>See your applicants</Action>
    </Layout>
  );
}

function ApplicantDigestEmail(props: MailTemplates["applicant-digest"]) {
  const total = props.applicants.length + props.moreCount;
  return (
    <Layout
      preview={`${applicantCount(total)} for ${props.title} at ${props.companyName}.`}
      heading={`${applicantCount(total)} for your listing`}
      reason={<EmployerReason jobId={props.jobId} often="in one digest a day" />}
    >
      <Paragraph>
        {total === 1 ? "One person has" : `${formatCount(total)} people have`} applied to “
        {props.title}” at {props.companyName} since we last wrote:
      </Paragraph>
      <Section style={{ borderTop: `2px solid ${BRAND_COLOUR}`, paddingTop: "16px" }}>
        {props.applicants.map((applicant, index) => (
          <Applicant key={index} applicant={applicant} />
        ))}
      </Section>
      {props.moreCount > 0 && (
        <Paragraph>{`And ${formatCount(props.moreCount)} more, in the list.`}</Paragraph>
      )}
      <Action href={applicantsUrl(props.jobId)}>See your applicants</Action>
    </Layout>
  );
}

function ApplicantMessageEmail(props: MailTemplates["applicant-message"]) {
  return (
    <Layout
      preview={props.body.slice(0, 120)}
      heading={`${props.candidateName} wrote to you`}
      reason={`You get this because ${props.candidateName} applied to your listing on ${boardSettings().name}.`}
      answerable={Boolean(props.replyTo)}
    >
      <Paragraph>
        About their application for “{props.title}” at {props.companyName}:
      </Paragraph>
      <Quote text={props.body} />
      <HowToAnswer
        replyTo={props.replyTo}
        href={applicantConversationUrl(props.jobId, props.applicationId)}
      />
    </Layout>
  );
}

export const applicantMessage: MailTemplateDefinition<"applicant-message"> = {
  subject: (props) => `Message from ${props.candidateName}: ${props.title}`,
  Email: ApplicantMessageEmail,
  replyTo: (props) => props.replyTo ?? "",
};

export const newApplicant: MailTemplateDefinition<"new-applicant"> = {
  subject: (props) => `New applicant for ${props.title}: ${props.applicant.name}`,
  Email: NewApplicantEmail,
};

export const applicantDigest: MailTemplateDefinition<"applicant-digest"> = {
  subject: (props) =>
    `${applicantCount(props.applicants.length + props.moreCount)} for ${props.title}`,
  Email: ApplicantDigestEmail,
};
