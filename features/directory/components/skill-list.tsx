/** A candidate's first eight skills as tags: the talent page's cards and the directory's. */
export function SkillList({ skills }: { skills: readonly string[] }) {
  if (skills.length === 0) return null;
  return (
    <ul role="list" aria-label="Skills" className="mt-4 flex flex-wrap gap-1.5">
      {skills.slice(0, 8).map((skill) => (
        <li
          key={skill}
          className="rounded-md bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700"
        >
          {skill}
        </li>
      ))}
    </ul>
  );
}
