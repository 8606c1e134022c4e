import { Description, Field, Label, Radio, RadioGroup } from "@headlessui/react";
import { Link } from "@/components/ui/link";
import { Button } from "@/components/ui/button";
import { ToggleField } from "@/components/ui/form-controls";
import { RegionCard } from "@/components/ui/region-card";
import { formatDateTime } from "@/lib/format-time";
import { useUpdateCurrentUser, type CurrentUser } from "@/hooks/use-current-user";
import {
  useBlockedCompanies,
  useProfileViews,
  useUnblockCompany,
  type BlockedCompany,
} from "@/features/directory/hooks/use-job-invitations";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { PROFILE_VIEW_DAYS } from "@/features/directory/directory";
import {
  PROFILE_VISIBILITIES,
  PROFILE_VISIBILITY_HINTS,
  PROFILE_VISIBILITY_LABELS,
  type ProfileVisibility,
} from "@/features/account/profile-visibility";

/*
 * The candidate's privacy in the directory (issue 47), on /settings: who sees their profile,
 * whether employers may invite them, which companies opened it lately, and the companies they
 * stopped. Each choice is saved as it is made, as the e-mail toggle is.
 */

/** Where /settings' visibility section is: routes.profileVisibility links to it. */
const VISIBILITY_SECTION_ID = routes.profileVisibility.split("#")[1];

const linkClass = "font-semibold text-violet-700 hover:text-violet-600";

const radioClass =
  "group mt-0.5 flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-full bg-white ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 data-checked:bg-violet-600 data-checked:ring-violet-600";

/** Public, employers only or hidden: a radio group, each choice with what it means. */
export function VisibilitySection({ user }: { user: CurrentUser }) {
  const update = useUpdateCurrentUser();
  // The choice shows at once; the answer (or a failure, which toasts) settles it.
  const shown: ProfileVisibility =
    (update.isPending ? update.variables.profile_visibility : undefined) ?? user.profile_visibility;
  return (
    <RegionCard
      id={VISIBILITY_SECTION_ID}
      title="Who can see your profile"
      lead="Your name, picture, headline, location, bio, links, skills and preferences. Never your email address."
    >
      <RadioGroup
        value={shown}
        onChange={(next: ProfileVisibility) => {
          if (next !== shown) update.mutate({ profile_visibility: next });
        }}
        aria-label="Who can see your profile"
        className="space-y-4"
      >
        {PROFILE_VISIBILITIES.map((visibility) => (
          <Field key={visibility} className="flex items-start gap-3">
            <Radio value={visibility} className={radioClass}>
              <span className="invisible size-2 rounded-full bg-white group-data-checked:visible" />
            </Radio>
            <div className="text-sm">
              <Label className="cursor-pointer font-medium text-gray-900">
                {PROFILE_VISIBILITY_LABELS[visibility]}
              </Label>
              <Description className="mt-0.5 text-gray-600">
                {PROFILE_VISIBILITY_HINTS[visibility]}
              </Description>
            </div>
          </Field>
        ))}
      </RadioGroup>
      {/* The line is always there, so nothing moves as the choice changes. */}
      <p className="min-h-5 text-sm text-gray-600">
        {shown === "public" && (
          <Link href={routes.talent} className={linkClass}>
            See the talent page
          </Link>
        )}
      </p>
    </RegionCard>
  );
}

/** Whether employers may invite the candidate to apply. */
export function InvitationsSection({ user }: { user: CurrentUser }) {
  const update = useUpdateCurrentUser();
  const shown =
    (update.isPending ? update.variables.invitations_open : undefined) ?? user.invitations_open;
  return (
    <RegionCard title="Invitations to apply">
      <ToggleField
        label="Employers may invite me to apply"
        hint={
          user.profile_visibility === "hidden"
            ? "Employers find you only once your profile is public or for employers only."
            : "Employers who find you can invite you to apply to one of their jobs; you answer on your invitations page."
        }
        checked={shown}
        onChange={(checked) => {
          if (!update.isPending) update.mutate({ invitations_open: checked });
        }}
      />
      <p className="text-sm">
        <Link href={routes.invitations} className={linkClass}>
          Your invitations
        </Link>
      </p>
    </RegionCard>
  );
}

const days = (count: number) => `${count} ${count === 1 ? "day" : "days"}`;

/** The companies that opened the profile lately: the company, never who in it. */
export function ProfileViewsSection() {
  const { data: views } = useProfileViews();
  let content;
  if (!views) content = <p className="h-5 animate-pulse rounded bg-gray-100" aria-busy="true" />;
  else if (views.length === 0) {
    content = (
      <p className="text-sm text-gray-600">
        No company opened your profile in the last {PROFILE_VIEW_DAYS} days.
      </p>
    );
  } else {
    content = (
      <ul
        role="list"
        aria-label="Companies that viewed your profile"
        className="-my-3 divide-y divide-gray-100"
      >
        {views.map((view) => (
          <li
            key={view.company.slug}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 text-sm"
          >
            <Link href={routes.company(view.company.slug)} className={linkClass}>
              {view.company.name}
            </Link>
            <span className="text-gray-600">
              On {days(view.days)} · last {formatDateTime(view.last_viewed_at)}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <RegionCard
      title="Companies that viewed your profile"
      lead={`The last ${PROFILE_VIEW_DAYS} days: which companies opened it, on how many days, and when last.`}
    >
      {content}
    </RegionCard>
  );
}

function BlockedRow({ company }: { company: BlockedCompany }) {
  const unblock = useUnblockCompany();
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3 text-sm">
      <div>
        <Link href={routes.company(company.slug)} className={linkClass}>
          {company.name}
        </Link>
        <p className="text-gray-600">Stopped {formatDate(company.blocked_at)}</p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        busy={unblock.isPending}
        onClick={() => unblock.mutate(company)}
      >
        {unblock.isPending ? "Unblocking…" : "Unblock"}
        <span className="sr-only"> {company.name}</span>
      </Button>
    </li>
  );
}

/** The companies the candidate stopped: they neither find nor invite them, until unblocked. */
export function BlockedCompaniesSection() {
  const { data: companies } = useBlockedCompanies();
  let content;
  if (!companies)
    content = <p className="h-5 animate-pulse rounded bg-gray-100" aria-busy="true" />;
  else if (companies.length === 0) {
    content = (
      <p className="text-sm text-gray-600">
        None. When you decline an invitation you can stop its company from finding you.
      </p>
    );
  } else {
    content = (
      <ul role="list" aria-label="Companies you stopped" className="-my-3 divide-y divide-gray-100">
        {companies.map((company) => (
          <BlockedRow key={company.id} company={company} />
        ))}
      </ul>
    );
  }
  return (
    <RegionCard
      title="Companies you stopped"
      lead="They cannot find, open or invite you, whoever can see your profile otherwise."
    >
      {content}
    </RegionCard>
  );
}
