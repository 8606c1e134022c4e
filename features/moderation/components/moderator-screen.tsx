import { useRouter } from "next/router";
import type { ReactNode } from "react";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useCurrentUser } from "@/hooks/use-current-user";
import type { BoardArea } from "@/lib/auth/board-roles";

type ModeratorScreenProps = {
  title: string;
  lead: string;
  /** The page one level up, linked above the content ("← Moderation"). */
  back: { href: string; label: string };
  /** What the page holds, for the sentence anyone else is shown ("Invoices … are open to …"). */
  holds: string;
  /** The area of the board it belongs to: only a role of the board's team reaching it sees it. */
  area: BoardArea;
  /** The screen itself, rendered for moderators only. */
  children: () => ReactNode;
};

/**
 * A page of the board's team beside /review: its header and way back, and its screen for the
 * roles that reach its area only (issue 64), as the API's board guard says; anyone else is told so.
 * The screen renders once the router has the address's query: these pages are prerendered, so
 * router.query is empty until then, and a screen that reads it once (a bookmarked range, an id)
 * would otherwise start from its defaults whenever the account came first.
 */
export function ModeratorScreen({
  title,
  lead,
  back,
  holds,
  area,
  children,
}: ModeratorScreenProps) {
  const { data: user } = useCurrentUser();
  const { isReady } = useRouter();
  let content;
  if (!user || !isReady) content = <ProfileScreenLoading />;
  else if (!user.is_moderator) {
    content = (
      <EmptyList title="For moderators only">
        {holds} are open to the people who run the board.
      </EmptyList>
    );
  } else if (!user.board_areas.includes(area)) {
    content = (
      <EmptyList title="Not for your role">
        {holds} are open to the members of the board{"’"}s team whose role covers them.
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
