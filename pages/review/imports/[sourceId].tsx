import { useRouter } from "next/router";
import { EmptyList } from "@/components/ui/profile-screen-state";
import { ImportFirstReview } from "@/features/moderation/components/import-first-review";
import { ModeratorScreen } from "@/features/moderation/components/moderator-screen";
import { routes } from "@/lib/routes";

/**
 * /review/imports/{id}: a source's first import, each listing as it will read, before a
 * moderator approves it (issue 61). Moderators only, as the API says; anyone else is told so.
 */
export default function ReviewImportPage() {
  const router = useRouter();
  const raw = router.query.sourceId;
  const sourceId = typeof raw === "string" && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  return (
    <ModeratorScreen
      title="Review an import"
      lead="The listings a board's first import brought in, as they will read on the board: read them, then approve the import to publish them."
      back={{ href: routes.reviewImports, label: "Imports" }}
      area="imports"
      holds="Imports from applicant tracking systems"
    >
      {() =>
        sourceId === null ? (
          <EmptyList title="No such import">Choose one from the imports.</EmptyList>
        ) : (
          <ImportFirstReview sourceId={sourceId} />
        )
      }
    </ModeratorScreen>
  );
}
