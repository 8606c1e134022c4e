import type { ReactNode } from "react";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useCurrentUser } from "@/hooks/use-current-user";

type ModeratorScreenProps = {
  title: string;
  lead: string;
  /** The page one level up, linked above the content ("← Moderation"). */
  back: { href: string; label: string };
  /** What the page holds, for the sentence anyone else is shown ("Invoices … are open to …"). */
  holds: string;
  /** Still waiting for something besides the user (the router's query, say). */
  waiting?: boolean;
  /** The screen itself, rendered for moderators only. */
  children: () => ReactNode;
};

/**
 * A moderators' page beside /review: its header and way back, and its screen for moderators
 * only, as the API says; anyone else is told so.
 */
export function ModeratorScreen({
  title,
  lead,
  back,
  holds,
  waiting,
  children,
}: ModeratorScreenProps) {
  const { data: user } = useCurrentUser();
  let content;
  if (!user || waiting) content = <ProfileScreenLoading />;
  else if (!user.is_moderator) {
    content = (
      <EmptyList title="For moderators only">
        {holds} are open to the people who moderate the board.
      </EmptyList>
    );
  } else content = children();

  return (
    <>
      <ProfilePageHeader title={title} lead={lead} />
      <p className="mt-3 text-sm">
        <Link href={back.href} className="font-medium text-violet-700 hover:underline">
          ← {back.label}
        </Link>
      </p>
      <div className="mt-8">{content}</div>
    </>
  );
}
