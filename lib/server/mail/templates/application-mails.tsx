import { routes } from "@/lib/routes";
import { SITE_NAME } from "@/lib/site";
import { absoluteUrl, jobUrl } from "../links";
import type { MailTemplates } from "../messages";
import { Action, Layout, Paragraph, Quote, TextLink } from "./layout";
import type { MailTemplateDefinition } from "./template";

/*
 * What a candidate who applied on the board hears (issue 27): a receipt, the stages that matter,
 * and, when the listing leaves the board first, a courteous close. Each links to the job and to
 * their applications.
 */

const REASON = `You get this because you applied to a job on ${SITE_NAME}.`;
const applicationsUrl = () => absoluteUrl(routes.appliedJobs);

type Job = { jobId: number; slug: string; title: string; companyName: string };

function JobLink({ job }: { job: Job }) {
  return (
    <>
      <TextLink href={jobUrl({ id: job.jobId, slug: job.slug })}>“{job.title}”</TextLink> at{" "}
      {job.companyName}
    </>
  );
}

function ApplicationReceivedEmail(props: MailTemplates["application-received"]) {
  return (
    <Layout
      preview={`${props.companyName} has your application.`}
      heading="Your application was sent"
      reason={REASON}
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
      reason={REASON}
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
      <Action href={applicationsUrl()}>See your applications</Action>
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
      reason={REASON}
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
};

export const applicationClosed: MailTemplateDefinition<"application-closed"> = {
  subject: (props) => `Your application closed: ${props.title} at ${props.companyName}`,
  Email: ApplicationClosedEmail,
};
