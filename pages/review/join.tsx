import { JoinBoard } from "@/features/moderation/components/join-board";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";

/** /review/join#<token>: accept an invitation to the board's own team (issue 64). */
export default function JoinBoardPage() {
  return (
    <>
      <ProfilePageHeader
        title="Join the board's team"
        lead="An invitation to help run the board: accept it with the address it was sent to."
      />
      <div className="mt-8">
        <JoinBoard />
      </div>
    </>
  );
}
