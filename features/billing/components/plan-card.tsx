import { CheckIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";

/** One plan: name, price, what it includes and a way to take it. */
export function PlanCard({
  name,
  price,
  priceNote,
  summary,
  includes,
  action,
  highlighted = false,
}: {
  name: string;
  price: string;
  priceNote: string;
  summary: string;
  includes: readonly string[];
  action: { href: string; label: string };
  highlighted?: boolean;
}) {
  return (
    <section
      aria-label={name}
      className={`flex flex-col rounded-3xl p-8 ring-1 ${
        highlighted ? "bg-violet-600 text-white ring-violet-600" : "bg-white ring-gray-200"
      }`}
    >
      <h2 className={`text-lg font-semibold ${highlighted ? "text-white" : "text-gray-900"}`}>
        {name}
        {highlighted && (
          <span className="ml-2 rounded-full bg-white px-2.5 py-0.5 align-middle text-xs font-semibold text-violet-700">
            Most popular
          </span>
        )}
      </h2>
      <p className={`mt-2 text-sm ${highlighted ? "text-violet-100" : "text-gray-600"}`}>
        {summary}
      </p>
      <p className="mt-6 flex items-baseline gap-x-2">
        <span className="text-4xl font-bold tracking-tight">{price}</span>
        <span className={`text-sm ${highlighted ? "text-violet-100" : "text-gray-600"}`}>
          {priceNote}
        </span>
      </p>
      <Link
        href={action.href}
        className={`mt-6 rounded-lg px-3 py-2.5 text-center text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 ${
          highlighted
            ? "bg-white text-violet-700 hover:bg-violet-50 focus-visible:outline-white"
            : "bg-violet-600 text-white hover:bg-violet-700 focus-visible:outline-violet-600"
        }`}
      >
        {action.label}
      </Link>
      <ul
        role="list"
        className={`mt-8 space-y-3 text-sm ${highlighted ? "text-violet-50" : "text-gray-700"}`}
      >
        {includes.map((item) => (
          <li key={item} className="flex gap-x-3">
            <CheckIcon
              aria-hidden="true"
              className={`size-5 shrink-0 ${highlighted ? "text-white" : "text-violet-600"}`}
            />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
