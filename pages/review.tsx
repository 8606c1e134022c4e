import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useRouter } from "next/router";
import type { ReactNode } from "react";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { AuditLog } from "@/features/moderation/components/audit-log";
import { EnquiriesInbox } from "@/features/moderation/components/enquiries-inbox";
import { JobQueueStatus } from "@/features/moderation/components/job-queue-status";
import { ListingEditsReview } from "@/features/moderation/components/listing-edits";
import { LiveListings } from "@/features/moderation/components/live-listings";
import { ModerationCounts } from "@/features/moderation/components/moderation-counts";
import { ReviewQueue } from "@/features/moderation/components/review-queue";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useModerationCounts } from "@/features/moderation/hooks/use-moderation";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import { formatCount } from "@/lib/format";
import { routes } from "@/lib/routes";
import type { BoardArea } from "@/lib/auth/board-roles";

type Counts = ApiAnswer<"getModerationCounts">;

/** The tabs of /review, in order; `?tab=` names one (the first when left out). */
const TABS: {
  slug: string;
  label: string;
  /** The area of the board it shows: only roles reaching it see the tab (issue 64). */
  area: BoardArea;
  count?: (counts: Counts) => number;
  lead: string;
  panel: () => ReactNode;
}[] = [
  {
    slug: "listings",
    area: "listings",
    label: "Listings",
    count: (counts) => counts.in_review,
    lead: "New listings waiting for a moderator, oldest first. Approval publishes one at once.",
    panel: () => <ReviewQueue />,
  },
  {
    slug: "edits",
    area: "listings",
    label: "Edits",
    count: (counts) => counts.edits_pending,
    lead: "Employers' changes to live listings; the approved version stays live meanwhile.",
    panel: () => <ListingEditsReview />,
  },
  {
    slug: "live",
    area: "listings",
    label: "Live listings",
    lead: "Listings on the board now. Take one down when it breaks the rules; its employer is told why.",
    panel: () => <LiveListings />,
  },
  {
    slug: "enquiries",
    area: "enquiries",
    label: "Enquiries",
    count: (counts) => counts.new_enquiries,
    lead: "Recruitment-services enquiries, newest first. A reply is mailed to whoever asked.",
    panel: () => <EnquiriesInbox />,
  },
  {
    slug: "audit",
    area: "operations",
    label: "Audit log",
    lead: "Every change moderators and employers make, newest first: who, when and what.",
    panel: () => <AuditLog />,
  },
];

const tabClass =
  "group flex shrink-0 cursor-pointer items-center gap-2 border-b-2 border-transparent px-1 pb-3 text-sm font-medium whitespace-nowrap text-gray-600 hover:border-gray-300 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 data-selected:border-violet-600 data-selected:text-violet-700";

/** The pages beside /review, each shown to the roles that reach its area. */
const PAGES: { href: string; label: string; area: BoardArea }[] = [
  { href: routes.reviewBilling, label: "Invoices and payment terms", area: "finance" },
  { href: routes.reviewOffer, label: "Prices and plans", area: "finance" },
  { href: routes.reviewRevenue, label: "Revenue by month", area: "finance" },
  { href: routes.reviewAnalytics, label: "Visitors, searches and the funnel", area: "insights" },
  { href: routes.reviewImports, label: "Imports from applicant tracking systems", area: "imports" },
  { href: routes.reviewTeam, label: "The board's team", area: "team" },
];

function Moderation({ areas }: { areas: readonly BoardArea[] }) {
  const router = useRouter();
  const tabs = TABS.filter((tab) => areas.includes(tab.area));
  const { data: counts } = useModerationCounts(areas.includes("listings"));
  const requested = tabs.findIndex((tab) => tab.slug === router.query.tab);
  const selected = Math.max(0, requested);
  if (tabs.length === 0) {
    return (
      <EmptyList title="Nothing to review in your role">
        Your role on the board{"’"}s team works on the pages linked above.
      </EmptyList>
    );
  }

  return (
    <>
      <ModerationCounts counts={counts} />
      <TabGroup
        selectedIndex={selected}
        onChange={(index) =>
          void router.replace(
            { pathname: routes.review, query: index === 0 ? {} : { tab: tabs[index]!.slug } },
            undefined,
            { shallow: true, scroll: false },
          )
        }
        className="mt-8"
      >
        <TabList
          aria-label="Moderation"
          className="-mx-4 flex gap-6 overflow-x-auto border-b border-gray-200 px-4 sm:mx-0 sm:px-0"
        >
          {tabs.map((tab) => {
            const count = counts && tab.count ? tab.count(counts) : undefined;
            return (
              <Tab key={tab.slug} className={tabClass}>
                {tab.label}
                {count !== undefined && (
                  <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-700 group-data-selected:bg-violet-100 group-data-selected:text-violet-700">
                    {formatCount(count)}
                  </span>
                )}
              </Tab>
            );
          })}
        </TabList>
        <TabPanels className="mt-6">
          {tabs.map((tab) => (
            <TabPanel
              key={tab.slug}
              className="focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-violet-600"
            >
              <p className="mb-6 text-sm text-gray-600">{tab.lead}</p>
              {tab.panel()}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
      {areas.includes("operations") && <JobQueueStatus />}
    </>
  );
}

export default function ReviewPage() {
  const { data: user } = useCurrentUser();
  // The tab and the history's filter come from the address: wait for the router to have it.
  const { isReady } = useRouter();
  const moderator = user?.is_moderator === true;

  let content;
  if (!user || !isReady) content = <ProfileScreenLoading />;
  else if (!moderator) {
    content = (
      <EmptyList title="For moderators only">
        The review queue is open to the people who moderate listings. If that should be you, ask to
        be added.
      </EmptyList>
    );
  } else content = <Moderation areas={user.board_areas} />;
  // Before the account has come, every page's link (so nothing moves); then the role's own.
  const pages = user ? PAGES.filter((page) => user.board_areas.includes(page.area)) : PAGES;

  return (
    <>
      <ProfilePageHeader
        title="Moderation"
        lead="Review new listings and edits, take down live ones, answer enquiries, and see who changed what."
      />
      {/* Every link until the account has come (so nothing moves), then the role's own. */}
      <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {pages.map((page) => (
          <Link
            key={page.href}
            href={page.href}
            className="font-medium text-violet-700 hover:underline"
          >
            {page.label} →
          </Link>
        ))}
      </p>
      <div className="mt-8">{content}</div>
    </>
  );
}
