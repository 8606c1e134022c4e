/*
 * The mail applications sends: each template's props, added to the registry of every message
 * (lib/server/mail/messages.ts). Its templates are beside this file.
 */

/** An applicant as mail to the employer names them: who they are, nothing they sent. */
export type ApplicantLine = { name: string; headline: string | null };

declare module "@/lib/server/mail/messages" {
  interface MailTemplates {
    /** To the candidate: their application on the board reached the employer. */
    "application-received": { jobId: number; slug: string; title: string; companyName: string };
    /** To the candidate: their application moved to a stage they hear of, with the employer's words. */
    "application-stage": {
      jobId: number;
      slug: string;
      title: string;
      companyName: string;
      stage: "interview" | "offer" | "not_selected";
      message: string | null;
      /** The application, for the link to its conversation (absent in mail queued before it). */
      applicationId?: number;
      /** Where an answer by mail goes (features/applications/server/reply-address.ts); null: none. */
      replyTo?: string | null;
    };
    /**
     * To the candidate: the employer wrote to them on their application (issue 42). The message,
     * a link to the conversation, and a Reply-To that brings an answer back to it.
     */
    "application-message": {
      applicationId: number;
      jobId: number;
      slug: string;
      title: string;
      companyName: string;
      /** The team member who wrote it, by name, when they have one (issue 61); never an address. */
      writerName?: string | null;
      body: string;
      replyTo: string | null;
    };
    /** To the employer: the candidate wrote to them on their application (issue 42). */
    "applicant-message": {
      applicationId: number;
      jobId: number;
      title: string;
      companyName: string;
      candidateName: string;
      body: string;
      replyTo: string | null;
    };
    /** To the candidate: the listing left the board before their application was decided. */
    "application-closed": {
      jobId: number;
      slug: string;
      title: string;
      companyName: string;
      /** A CloseReason (features/applications/constants.ts). */
      reason: "filled" | "withdrawn" | "removed" | "expired";
    };
    /**
     * To the employer, when their listing mails each applicant at once: someone applied. Their
     * name and headline only; the CV, answers and cover note stay behind the pipeline's sign-in.
     */
    "new-applicant": {
      jobId: number;
      title: string;
      companyName: string;
      applicant: ApplicantLine;
    };
    /** To the employer, once a day when their listing mails a digest: who applied since the last. */
    "applicant-digest": {
      jobId: number;
      title: string;
      companyName: string;
      /** The first few, oldest first. */
      applicants: ApplicantLine[];
      /** New applicants left out of the list (it names at most a screenful). */
      moreCount: number;
    };
  }
}
