import type { GetServerSideProps } from "next";
import {
  IssueView,
  issuePath,
  NewsletterScreen,
  type ArchivedIssue,
} from "@/features/newsletter/components/newsletter-pages";
import { sentIssue } from "@/features/newsletter/server/issues";
import { getDatabase } from "@/lib/server/db";

/** /newsletter/<issue>: one issue of the archive as it went (issue 66); 404 until it has gone. */

type Props = { issue: ArchivedIssue };

export const getServerSideProps: GetServerSideProps<Props> = async ({ params, res }) => {
  const raw = String(params?.issueId ?? "");
  if (!/^[1-9]\d{0,9}$/.test(raw)) return { notFound: true };
  const found = await sentIssue(await getDatabase(), Number(raw));
  if (!found) return { notFound: true };
  res.setHeader("Cache-Control", "public, max-age=0, s-maxage=3600");
  const listing = (entry: (typeof found.listings)[number]) => ({
    id: entry.jobId,
    slug: entry.slug,
    title: entry.title,
    companyName: entry.companyName,
    location: entry.location,
  });
  return {
    props: {
      issue: {
        id: found.issue.id,
        subject: found.issue.subject,
        sentAt: (found.issue.sentAt ?? found.issue.sendAt).toISOString(),
        introHtml: found.issue.introHtml,
        highlight: found.issue.highlight ?? null,
        sponsored: found.listings.filter((entry) => entry.sponsored).map(listing),
        listings: found.listings.filter((entry) => !entry.sponsored).map(listing),
      },
    },
  };
};

export default function NewsletterIssuePage({ issue }: Props) {
  return (
    <NewsletterScreen
      title={issue.subject}
      lead="An issue of the weekly newsletter."
      path={issuePath(issue.id)}
    >
      <IssueView issue={issue} />
    </NewsletterScreen>
  );
}
