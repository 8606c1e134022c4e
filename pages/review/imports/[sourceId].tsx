import { useRouter } from "next/router";
import { EmptyList, ProfileScreenLoading } from "@/components/profile/profile-screen-state";
import { ImportFirstReview } from "@/components/review/import-first-review";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { useCurrentUser } from "@/hooks/use-current-user";
import { routes } from "@/lib/routes";

/**
 * /review/imports/{id}: a source's first import, each listing as it will read, before a
 * moderator approves it (issue 61). Moderators only, as the API says; anyone else is told so.
 */
export default function ReviewImportPage() {
  const router = useRouter();
  const { data: user } = useCurrentUser();
  const raw = router.query.sourceId;
  const sourceId = typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;

  let content;
  if (!user || !router.isReady) content = <ProfileScreenLoading />;
  else if (!user.is_moderator) {
    content = (
      <EmptyList title="For moderators only">
        Imports from applicant tracking systems are open to the people who moderate the board.
      </EmptyList>
    );
  } else if (sourceId === null) {
    content = <EmptyList title="No such import">Choose one from the imports.</EmptyList>;
  } else content = <ImportFirstReview sourceId={sourceId} />;

  return (
    <>
      <ProfilePageHeader
        title="Review an import"
        lead="The listings a board's first import brought in, as they will read on the board: read them, then approve the import to publish them."
      />
      <p className="mt-3 text-sm">
        <Link href={routes.reviewImports} className="font-medium text-violet-700 hover:underline">
          ← Imports
        </Link>
      </p>
      <div className="mt-8">{content}</div>
    </>
  );
}
