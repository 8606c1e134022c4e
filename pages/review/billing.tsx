import { EmptyList, ProfileScreenLoading } from "@/components/profile/profile-screen-state";
import { InvoicesReview } from "@/components/review/invoices-review";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useCurrentUser } from "@/hooks/use-current-user";
import { routes } from "@/lib/routes";

/**
 * /review/billing: the moderators' invoices (issue 45), beside /review. Moderators only, as the
 * API says; anyone else is told so.
 */
export default function ReviewBillingPage() {
  const { data: user } = useCurrentUser();

  let content;
  if (!user) content = <ProfileScreenLoading />;
  else if (!user.is_moderator) {
    content = (
      <EmptyList title="For moderators only">
        Invoices and payment terms are open to the people who moderate the board.
      </EmptyList>
    );
  } else content = <InvoicesReview />;

  return (
    <>
      <ProfilePageHeader
        title="Invoices"
        lead="Follow up unpaid invoices: mark bank transfers paid, refund, and set how each company pays."
      />
      <p className="mt-3 text-sm">
        <Link href={routes.review} className="font-medium text-violet-700 hover:underline">
          ← Moderation
        </Link>
      </p>
      <div className="mt-8">{content}</div>
    </>
  );
}
