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

type Counts = ApiAnswer<"getModerationCounts">;

/** The tabs of /review, in order; `?tab=` names one (the first when left out). */
const TABS: {
  slug: string;
  label: string;
  count?: (counts: Counts) => number;
  lead: string;
  panel: () => ReactNode;
}[] = [
  {
    slug: "listings",
    label: "Listings",
    count: (counts) => counts.in_review,
    lead: "New listings waiting for a moderator, oldest first. Approval publishes one at once.",
    panel: () => <ReviewQueue />,
  },
  {
    slug: "edits",
    label: "Edits",
    count: (counts) => counts.edits_pending,
    lead: "Employers' changes to live listings; the approved version stays live meanwhile.",
    panel: () => <ListingEditsReview />,
  },
  {
    slug: "live",
    label: "Live listings",
    lead: "Listings on the board now. Take one down when it breaks the rules; its employer is told why.",
    panel: () => <LiveListings />,
  },
  {
    slug: "enquiries",
    label: "Enquiries",
    count: (counts) => counts.new_enquiries,
    lead: "Recruitment-services enquiries, newest first. A reply is mailed to whoever asked.",
    panel: () => <EnquiriesInbox />,
  },
  {
    slug: "audit",
    label: "Audit log",
    lead: "Every change moderators and employers make, newest first: who, when and what.",
    panel: () => <AuditLog />,
  },
];

const tabClass =
  "group flex shrink-0 cursor-pointer items-center gap-2 border-b-2 border-transparent px-1 pb-3 text-sm font-medium whitespace-nowrap text-gray-600 hover:border-gray-300 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 data-selected:border-violet-600 data-selected:text-violet-700";

function Moderation() {
  const router = useRouter();
  const { data: counts } = useModerationCounts(true);
  const requested = TABS.findIndex((tab) => tab.slug === router.query.tab);
  const selected = Math.max(0, requested);

  return (
    <>
      <ModerationCounts counts={counts} />
      <TabGroup
        selectedIndex={selected}
        onChange={(index) =>
          void router.replace(
            { pathname: routes.review, query: index === 0 ? {} : { tab: TABS[index]!.slug } },
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
          {TABS.map((tab) => {
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
          {TABS.map((tab) => (
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
      <JobQueueStatus />
    </>
  );
}

export default function ReviewPage() {
  const { data: user } = useCurrentUser();
  const moderator = user?.is_moderator === true;

  let content;
  if (!user) content = <ProfileScreenLoading />;
  else if (!moderator) {
    content = (
      <EmptyList title="For moderators only">
        The review queue is open to the people who moderate listings. If that should be you, ask to
        be added.
      </EmptyList>
    );
  } else content = <Moderation />;

  return (
    <>
      <ProfilePageHeader
        title="Moderation"
        lead="Review new listings and edits, take down live ones, answer enquiries, and see who changed what."
      />
      {/* Always there, so nothing moves when the account has come. */}
      <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Link href={routes.reviewBilling} className="font-medium text-violet-700 hover:underline">
          Invoices and payment terms →
        </Link>
        <Link href={routes.reviewOffer} className="font-medium text-violet-700 hover:underline">
          Prices and plans →
        </Link>
        <Link href={routes.reviewRevenue} className="font-medium text-violet-700 hover:underline">
          Revenue by month →
        </Link>
        <Link href={routes.reviewImports} className="font-medium text-violet-700 hover:underline">
          Imports from applicant tracking systems →
        </Link>
      </p>
      <div className="mt-8">{content}</div>
    </>
  );
}
