import { PictureOrInitial } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { activeWithinLabel } from "@/features/directory/components/directory-parts";
import type { DirectoryCard as Card } from "@/features/directory/hooks/use-directory";
import { departmentLabel, formatThousandsUsd, jobTypeLabel, regionLabel } from "@/lib/format";
import { routes } from "@/lib/routes";
import { SkillList } from "@/features/directory/components/skill-list";

/** What the candidate is looking for, from their preferences: "Design, Europe, Full-time". */
export const lookingFor = (card: Pick<Card, "departments" | "regions" | "types">) => [
  ...card.departments.map(departmentLabel),
  ...card.regions.map(regionLabel),
  ...card.types.map(jobTypeLabel),
];

/** The least yearly pay the candidate takes, in words. */
export const payFloor = (salaryMin: number | null) =>
  salaryMin === null ? null : `From ${formatThousandsUsd(salaryMin)} a year`;

/**
 * One candidate in the employers' search (issue 47): who they are and what they look for. Their
 * name opens the profile, which takes one of today's views unless it was opened today already.
 */
export function DirectoryCard({ card }: { card: Card }) {
  const looking = lookingFor(card);
  const pay = payFloor(card.salary_min);
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200">
      <div className="flex items-start gap-4">
        <PictureOrInitial src={card.avatar_url} name={card.name} size="list" />
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-gray-900">
            <Link href={routes.candidate(card.key)} className="hover:text-violet-700">
              {card.name}
            </Link>
          </h3>
          {card.headline && <p className="mt-0.5 text-sm text-gray-700">{card.headline}</p>}
          {card.location && (
            <p className="mt-1 flex items-center gap-1 text-sm text-gray-500">
              <SpriteIcon name="map-pin" className="size-4 text-gray-400" />
              {card.location}
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {card.open_to_work && <Badge tone="green">Open to work</Badge>}
        {card.active_within !== null && (
          <Badge tone="grey">{activeWithinLabel(card.active_within)}</Badge>
        )}
        {card.viewed_today && <Badge tone="amber">Viewed today</Badge>}
      </div>
      <SkillList skills={card.skills} />
      {(looking.length > 0 || pay) && (
        <div className="mt-auto space-y-1 pt-4 text-sm text-gray-600">
          {looking.length > 0 && (
            <p>
              <span className="font-medium text-gray-900">Looking for:</span> {looking.join(", ")}
            </p>
          )}
          {pay && <p>{pay}</p>}
        </div>
      )}
    </article>
  );
}
