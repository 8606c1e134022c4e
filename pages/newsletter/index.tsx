import type { GetServerSideProps } from "next";
import {
  Archive,
  NEWSLETTER_PATH,
  NewsletterScreen,
  SubscribeForm,
  type ArchiveEntry,
  type SubscribeError,
} from "@/features/newsletter/components/newsletter-pages";
import { sentIssues } from "@/features/newsletter/server/issues";
import { boardSettings } from "@/lib/board-settings";
import { pageQuery } from "@/lib/page-params";
import { getDatabase } from "@/lib/server/db";

/*
 * /newsletter (issue 66): subscribe (an address, departments and regions; no account), and the
 * archive of past issues. The form posts to the API, which sends the browser back here with
 * subscribed=1 or error=<field>.
 */

type Props = { issues: ArchiveEntry[]; subscribed: boolean; error: SubscribeError | null };

const ERROR_FIELDS: readonly SubscribeError[] = ["email", "departments", "regions"];

export const getServerSideProps: GetServerSideProps<Props> = async ({ query, res }) => {
  const { subscribed, error } = pageQuery("/newsletter", query);
  const answered = subscribed !== undefined || error !== undefined;
  // The form's answer is this visitor's own; the plain page may be cached a little.
  res.setHeader(
    "Cache-Control",
    answered ? "private, no-store" : "public, max-age=0, s-maxage=300",
  );
  const issues = await sentIssues(await getDatabase());
  return {
    props: {
      issues: issues.map((issue) => ({
        id: issue.id,
        subject: issue.subject,
        sentAt: (issue.sentAt ?? new Date(0)).toISOString(),
      })),
      subscribed: subscribed === "1",
      error: ERROR_FIELDS.find((field) => field === error) ?? null,
    },
  };
};

export default function NewsletterPage({ issues, subscribed, error }: Props) {
  return (
    <NewsletterScreen
      title="The weekly newsletter"
      lead={`The week's new jobs on ${boardSettings().name}, every Monday, in the departments and regions you choose. No account needed; unsubscribe in one click.`}
      path={NEWSLETTER_PATH}
    >
      <SubscribeForm subscribed={subscribed} error={error} />
      <Archive issues={issues} />
    </NewsletterScreen>
  );
}
