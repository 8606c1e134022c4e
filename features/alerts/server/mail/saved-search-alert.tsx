import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatCount } from "@/lib/format";
import { searchLabel, searchResultsPath } from "@/features/saved-searches/search";
import { boardSettings } from "@/lib/board-settings";
import {
  absoluteUrl,
  preferencesUrl,
  unsubscribeOneClickUrl,
  unsubscribePageUrl,
} from "@/lib/server/mail/links";
import type { MailTemplates } from "@/lib/server/mail/messages";
import type { SearchAlertSection } from "./messages";
import { jobCount, JobItem } from "./job-alert";
import { BRAND_COLOUR, greeting, Layout, Paragraph, TextLink } from "@/lib/server/mail/layout";
import type { MailTemplateDefinition } from "@/lib/server/mail/template";

/*
 * New jobs for a candidate's saved searches (issue 29): a section per search, its label linking
 * to its results on the board, in the job alert's frame (its job lines, footer and one-click
 * unsubscribe).
 */

type Props = MailTemplates["saved-search-alert"];

const totalOf = (props: Props) =>
  props.searches.reduce((sum, search) => sum + search.jobs.length + search.moreCount, 0);

/** "“video editor” in Design" for one search, "your saved searches" for several. */
const forWhat = (props: Props) =>
  props.searches.length === 1 ? searchLabel(props.searches[0]!.filters) : "your saved searches";

const since = (search: SearchAlertSection) =>
  search.frequency === "daily" ? "since yesterday" : "this week";

function SearchSection({ search }: { search: SearchAlertSection }) {
  const results = absoluteUrl(searchResultsPath(search.filters));
  return (
    <Section
      style={{ borderTop: `2px solid ${BRAND_COLOUR}`, margin: "8px 0 0", padding: "16px 0 0" }}
    >
      <Text style={{ fontSize: "17px", fontWeight: 700, lineHeight: "24px", margin: "0 0 4px" }}>
        <TextLink href={results}>{searchLabel(search.filters)}</TextLink>
      </Text>
      <Text style={{ color: "#4b5563", fontSize: "14px", lineHeight: "20px", margin: "0 0 16px" }}>
        {`${jobCount(search.jobs.length + search.moreCount)} ${since(search)}`}
      </Text>
      {search.jobs.map((job) => (
        <JobItem key={job.id} job={job} />
      ))}
      {search.moreCount > 0 && (
        <Paragraph>
          <TextLink href={results}>
            {`And ${formatCount(search.moreCount)} more new ${search.moreCount === 1 ? "job" : "jobs"} for this search`}
          </TextLink>
        </Paragraph>
      )}
    </Section>
  );
}

function SavedSearchAlertEmail(props: Props) {
  const total = totalOf(props);
  return (
    <Layout
      preview={`${jobCount(total)} for ${forWhat(props)}`}
      heading={`New jobs for your saved ${props.searches.length === 1 ? "search" : "searches"}`}
      reason={`You get this because you saved searches with job alerts on ${boardSettings().name}.`}
      manage={{
        preferencesUrl: preferencesUrl(),
        unsubscribeUrl: unsubscribePageUrl(props.unsubscribeToken),
      }}
    >
      <Paragraph>
        {`${greeting(props.recipientName)} here ${total === 1 ? "is a new job" : "are new jobs"} ` +
          `for ${props.searches.length === 1 ? "a search" : "the searches"} you saved.`}
      </Paragraph>
      {props.searches.map((search) => (
        <SearchSection key={searchResultsPath(search.filters)} search={search} />
      ))}
    </Layout>
  );
}

export const savedSearchAlert: MailTemplateDefinition<"saved-search-alert"> = {
  subject: (props) => `${jobCount(totalOf(props))} for ${forWhat(props)}`,
  Email: SavedSearchAlertEmail,
  // RFC 8058, as the job alert: mail clients' Unsubscribe button POSTs here.
  headers: (props) => ({
    "List-Unsubscribe": `<${unsubscribeOneClickUrl(props.unsubscribeToken)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  }),
};
