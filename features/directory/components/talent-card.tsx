import { PictureOrInitial } from "@/components/ui/avatar";
import { departmentLabel, regionLabel } from "@/lib/format";
import type { TalentProfile } from "@/features/directory/types";
import { SpriteIcon } from "@/components/ui/sprite-icon";
import { SkillList } from "@/features/directory/components/skill-list";

/** One candidate on the talent page: who they are, what they do, what they are looking for. */
export function TalentCard({ profile }: { profile: TalentProfile }) {
  const looking = [
    ...profile.departments.map(departmentLabel),
    ...profile.regions.map(regionLabel),
  ];
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-xs ring-1 ring-gray-200">
      <div className="flex items-start gap-4">
        <PictureOrInitial src={profile.avatar_url} name={profile.name} size="list" />
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-gray-900">{profile.name}</h2>
          {profile.headline && <p className="mt-0.5 text-sm text-gray-700">{profile.headline}</p>}
          {profile.location && (
            <p className="mt-1 flex items-center gap-1 text-sm text-gray-500">
              <SpriteIcon name="map-pin" className="size-4 text-gray-400" />
              {profile.location}
            </p>
          )}
        </div>
      </div>
      {profile.open_to_work && (
        <p className="mt-4 inline-flex self-start rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700">
          Open to work
        </p>
      )}
      <SkillList skills={profile.skills} />
      {looking.length > 0 && (
        <p className="mt-auto pt-4 text-sm text-gray-600">
          <span className="font-medium text-gray-900">Looking for:</span> {looking.join(", ")}
        </p>
      )}
    </article>
  );
}
