import { useRouter } from "next/router";
import type { ReactNode } from "react";
import { companyLinkClass } from "@/features/listings/components/back-to-listings";
import { EmptyList, ProfileScreenLoading } from "@/components/ui/profile-screen-state";
import { formatDateTime } from "@/lib/format-time";
import { lookingFor, payFloor } from "@/features/directory/components/directory-card";
import { activeWithinLabel, PlainMessage } from "@/features/directory/components/directory-parts";
import { DirectoryRefused, quotaLeft } from "@/features/directory/components/directory-screen";
import { InviteForm } from "@/features/directory/components/invite-form";
import { SentInvitationList } from "@/features/directory/components/sent-invitations";
import { LoadFailed } from "@/components/ui/load-failed";
import { PictureOrInitial } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { ProfilePageHeader } from "@/components/ui/profile-page-header";
import { RegionCard } from "@/components/ui/region-card";
import { useCurrentUser } from "@/hooks/use-current-user";
import {
  useDirectoryProfile,
  type DirectoryProfile,
} from "@/features/directory/hooks/use-directory";
import { useOwnListings } from "@/features/listings/hooks/use-listings";
import { roleAtLeast } from "@/lib/auth/company-roles";
import { routes } from "@/lib/routes";
import { PROFILE_KEY_PATTERN, PROFILE_VIEWS_PER_DAY } from "@/features/directory/directory";

/** What opening a profile costs, said on the profile. */
export const VIEW_COST = `Each candidate your company sees today, in search or opened, is one of the day's ${PROFILE_VIEWS_PER_DAY}; seeing them again today is free.`;

/** The profile's key from the address: null while the router is not ready, or when malformed. */
function useProfileKey() {
  const router = useRouter();
  const raw = router.query.key;
  const key = typeof raw === "string" && PROFILE_KEY_PATTERN.test(raw) ? raw : null;
  return { key, malformed: router.isReady && key === null };
}

/** A link the candidate gave: never followed by search engines, never given this page. */
function OwnLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      rel="nofollow noopener noreferrer"
      target="_blank"
      className="font-semibold break-all text-violet-700 hover:text-violet-600"
    >
      {children}
    </a>
  );
}

function ProfileDetails({ profile }: { profile: DirectoryProfile }) {
  const looking = lookingFor(profile);
  const pay = payFloor(profile.salary_min);
  return (
    <article
      aria-label={`${profile.name}'s profile`}
      className="rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200 sm:p-6"
    >
      <div className="flex items-start gap-4">
        <PictureOrInitial src={profile.avatar_url} name={profile.name} size="large" />
        <div className="min-w-0 space-y-1">
          {profile.headline && <p className="text-base text-gray-800">{profile.headline}</p>}
          {profile.location && <p className="text-sm text-gray-600">{profile.location}</p>}
          <div className="flex flex-wrap gap-2 pt-1">
            {profile.open_to_work && <Badge tone="green">Open to work</Badge>}
            {profile.remote_only && <Badge tone="grey">Remote only</Badge>}
            {profile.active_within !== null && (
              <Badge tone="grey">{activeWithinLabel(profile.active_within)}</Badge>
            )}
          </div>
        </div>
      </div>
      <dl className="mt-6 space-y-4 text-sm">
        {profile.bio && (
          <div>
            <dt className="font-medium text-gray-900">About</dt>
            <dd className="mt-1">
              <PlainMessage text={profile.bio} />
            </dd>
          </div>
        )}
        {profile.skills.length > 0 && (
          <div>
            <dt className="font-medium text-gray-900">Skills</dt>
            <dd className="mt-1 text-gray-700">{profile.skills.join(", ")}</dd>
          </div>
        )}
        {looking.length > 0 && (
          <div>
            <dt className="font-medium text-gray-900">Looking for</dt>
            <dd className="mt-1 text-gray-700">{looking.join(", ")}</dd>
          </div>
        )}
        {pay && (
          <div>
            <dt className="font-medium text-gray-900">Pay</dt>
            <dd className="mt-1 text-gray-700">{pay}</dd>
          </div>
        )}
        {(profile.website_url || profile.linkedin_url) && (
          <div>
            <dt className="font-medium text-gray-900">Links</dt>
            <dd className="mt-1 flex flex-col gap-1">
              {profile.website_url && <OwnLink href={profile.website_url}>Website</OwnLink>}
              {profile.linkedin_url && <OwnLink href={profile.linkedin_url}>LinkedIn</OwnLink>}
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}

/** The invite form (or why there is none), and this company's invitations to the candidate. */
function Invitations({ profile }: { profile: DirectoryProfile }) {
  const { data: user } = useCurrentUser();
  const { data: listings } = useOwnListings();
  const role = user?.company?.role;
  const canInvite = role !== undefined && roleAtLeast(role, "recruiter");
  let form;
  if (!profile.invitable) {
    form = (
      <p className="text-sm text-gray-700">
        {profile.name} is not taking invitations to apply from your company at the moment.
      </p>
    );
  } else if (!listings || !user) {
    form = <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-gray-100" />;
  } else {
    form = (
      <InviteForm
        profile={profile}
        listings={listings.filter((listing) => listing.state === "live")}
        canInvite={canInvite}
      />
    );
  }
  return (
    <>
      <RegionCard
        title="Invite to apply"
        lead={`${profile.name} gets your message by email and answers on the board.`}
      >
        {form}
      </RegionCard>
      <RegionCard title={`Your invitations to ${profile.name}`}>
        {profile.invitations.length === 0 ? (
          <p className="text-sm text-gray-600">Your company has not invited them yet.</p>
        ) : (
          <SentInvitationList
            invitations={profile.invitations}
            showCandidate={false}
            label={`Your invitations to ${profile.name}`}
          />
        )}
      </RegionCard>
    </>
  );
}

/**
 * /listings/candidates/{key} (issue 47): a candidate's profile as an employer opens it (never
 * their address), what opening it cost, and the invitation to apply. A profile the company may
 * not see is "not found"; the day's views spent, when they start again.
 */
export function CandidateProfileScreen() {
  const { key, malformed } = useProfileKey();
  const { data: answer, isError, refetch } = useDirectoryProfile(key);

  let title = "Candidate";
  let lead = VIEW_COST;
  let content;
  if (malformed || answer?.state === "not_found") {
    content = (
      <EmptyList
        title="No such candidate"
        action={{ href: routes.candidates, label: "Search candidates" }}
      >
        The address is wrong, or they no longer let your company see their profile.
      </EmptyList>
    );
  } else if (isError) {
    content = <LoadFailed what="The profile" retry={() => void refetch()} />;
  } else if (!answer) {
    content = <ProfileScreenLoading />;
  } else if (answer.state === "limit") {
    content = (
      <EmptyList title="Today's candidates are used">
        {answer.message}. They start again at {formatDateTime(answer.resets_at)} (midnight UTC);
        candidates your company saw today open again for free.
      </EmptyList>
    );
  } else if (answer.state !== "profile") {
    content = <DirectoryRefused refusal={answer} />;
  } else {
    const { profile, views } = answer.answer;
    title = profile.name;
    lead = `${VIEW_COST} ${quotaLeft(views, "candidates")}.`;
    content = (
      <div className="space-y-6">
        <ProfileDetails profile={profile} />
        <Invitations profile={profile} />
      </div>
    );
  }

  return (
    <>
      <ProfilePageHeader title={title} lead={lead} />
      <p className="mt-6">
        <Link href={routes.candidates} className={companyLinkClass}>
          ← Candidates
        </Link>
      </p>
      <div className="mt-8">{content}</div>
    </>
  );
}
