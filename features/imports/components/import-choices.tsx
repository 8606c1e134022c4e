import { useId, useState, type ReactNode } from "react";
import { refusalOf } from "@/features/imports/components/import-parts";
import { PreviewSummary } from "@/features/imports/components/preview-summary";
import { Refusal } from "@/components/ui/refusal";
import { TextField } from "@/components/ui/form-controls";
import { GatedForm, SubmitButton } from "@/components/ui/gated-form";
import { Link } from "@/components/ui/link";
import { useCreditBalance } from "@/features/billing/hooks/use-credit-balance";
import {
  usePreviewImport,
  type ImportPlan,
  type SourcePreview,
  type SourceRules,
} from "@/features/imports/hooks/use-imports";
import { regionLabel } from "@/lib/format";
import {
  BOARD_REGION_COUNTRIES,
  isCountryCode,
  WORLDWIDE_HIRING_COUNTRIES,
} from "@/features/jobs/locations";
import { balanceSentence } from "@/features/billing/labels";
import { basePlan, planOf, plansOnSale } from "@/features/billing/offer";
import { useOffer } from "@/features/billing/hooks/use-offer";
import { routes } from "@/lib/routes";
import { DEPARTMENTS, JOB_TYPES } from "@/lib/taxonomy";

/*
 * What to take from a board, and on which plan (issue 46): its departments and countries, the
 * countries of remote jobs that name none, and Standard or a paid plan spending credits. Each
 * change of what to take asks for the preview again, so the counts follow the choices.
 */

/** The choices a new source starts with: every job, remote ones naming no country left waiting. */
export const NO_RULES: SourceRules = {
  departments: {},
  types: {},
  remote_countries: null,
  only_departments: [],
  only_locations: [],
  only_countries: [],
};

/** Sets of countries to tick for remote jobs: the board's regions, and the usual worldwide set. */
const COUNTRY_SETS = [
  {
    id: "worldwide",
    label: `Worldwide (the ${WORLDWIDE_HIRING_COUNTRIES.length} countries companies usually hire in)`,
    countries: WORLDWIDE_HIRING_COUNTRIES,
  },
  ...Object.entries(BOARD_REGION_COUNTRIES).map(([slug, countries]) => ({
    id: slug,
    label: regionLabel(slug),
    countries,
  })),
];

/** The sets wholly in `countries`, and the other countries, as the form shows them. */
function splitCountries(countries: readonly string[] | null) {
  const chosen = new Set(countries ?? []);
  const sets = COUNTRY_SETS.filter((set) => set.countries.every((code) => chosen.has(code)));
  const covered = new Set(sets.flatMap((set) => set.countries));
  return {
    sets: new Set(sets.map((set) => set.id)),
    others: [...chosen].filter((code) => !covered.has(code)).join(", "),
  };
}

/** The countries ticked and typed, or why the typed ones are not countries. */
function readCountries(
  sets: ReadonlySet<string>,
  others: string,
): { error: string } | { countries: string[] | null } {
  const typed = others
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const wrong = typed.filter((code) => !isCountryCode(code));
  if (wrong.length > 0) {
    return { error: `Not a two-letter country code: ${wrong.join(", ")}` };
  }
  const all = new Set([
    ...COUNTRY_SETS.filter((set) => sets.has(set.id)).flatMap((set) => set.countries),
    ...typed,
  ]);
  return { countries: all.size > 0 ? [...all].sort() : null };
}

/** A board's own word as the rules keep it (the server lowercases them the same way). */
const ruleName = (name: string) => name.trim().toLowerCase();

/** "a", "a and b", "a, b and c". */
const listed = (names: string[]) =>
  names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * What a list of ticks takes, said as the boxes are ticked (issue 61): every one while none is
 * ticked, else the ticked ones by name.
 */
function tickedHint(
  tallies: { name: string }[],
  ticked: string[],
  every: string,
  only: (names: string) => string,
) {
  const names = tallies.filter((tally) => ticked.includes(ruleName(tally.name)));
  return names.length === 0 ? `None ticked: ${every}.` : only(listed(names.map((n) => n.name)));
}

const checkboxClass = "size-4 shrink-0 rounded border-gray-300 accent-violet-600";
const radioClass =
  "size-4 shrink-0 accent-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600";
const planClass =
  "flex cursor-pointer items-center gap-3 rounded-lg bg-white p-3 text-sm font-medium text-gray-900 ring-1 ring-gray-300 has-checked:ring-2 has-checked:ring-violet-600";

/** A group of checkboxes under its legend, with what ticking none means. */
function Choices({
  legend,
  hint,
  children,
}: {
  legend: string;
  hint: string;
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      <p id={hintId} className="mt-1 text-sm text-gray-500">
        {hint}
      </p>
      <ul role="list" className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {children}
      </ul>
    </fieldset>
  );
}

function Tick({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <li>
      <label className="flex min-h-8 items-center gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          className={checkboxClass}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
    </li>
  );
}

type Word = { name: string; jobs: number; mapped: string | null };

/**
 * The source's override table for one kind of word (departments or job types): each of the
 * board's own words, read as the board's word shown, or as the one chosen here.
 */
function WordMap<S extends string>({
  legend,
  hint,
  words,
  entries,
  table,
  onChange,
}: {
  legend: string;
  hint: string;
  words: readonly Word[];
  entries: readonly { slug: S; label: string }[];
  table: Record<string, S>;
  onChange: (table: Record<string, S>) => void;
}) {
  const hintId = useId();
  const labelOf = (slug: string | null) =>
    entries.find((entry) => entry.slug === slug)?.label ?? "not recognised";
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-sm font-medium text-gray-900">{legend}</legend>
      <p id={hintId} className="mt-1 text-sm text-gray-500">
        {hint}
      </p>
      <ul role="list" className="mt-2 grid gap-x-4 gap-y-3 sm:grid-cols-2">
        {words.map((word) => {
          const key = ruleName(word.name);
          return (
            <li key={word.name}>
              <label className="block text-sm text-gray-800">
                <span className="block font-medium">
                  {word.name} ({word.jobs})
                </span>
                <select
                  className="mt-1 block w-full rounded-md border-0 py-1.5 pr-8 pl-3 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-violet-600"
                  value={table[key] ?? ""}
                  onChange={(event) => {
                    const { [key]: _dropped, ...rest } = table;
                    void _dropped;
                    onChange(
                      event.target.value ? { ...rest, [key]: event.target.value as S } : rest,
                    );
                  }}
                >
                  <option value="">As read: {labelOf(word.mapped)}</option>
                  {entries.map((entry) => (
                    <option key={entry.slug} value={entry.slug}>
                      {entry.label}
                    </option>
                  ))}
                </select>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** Standard is free; a paid plan spends a credit per listing, and without one posts Standard. */
function PlanChoice({
  plan,
  onChange,
  importable,
}: {
  plan: ImportPlan;
  onChange: (plan: ImportPlan) => void;
  importable: number;
}) {
  const name = useId();
  const { data: balance } = useCreditBalance(true);
  const { data: offer } = useOffer();
  if (!offer) return null;
  const chosen = planOf(offer, plan);
  const left =
    !chosen || chosen.price_minor === 0 || !balance ? null : (balance.by_plan[plan] ?? 0);
  const planName = chosen?.name ?? plan;
  const free = basePlan(offer).name;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-900">Plan of the imported listings</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {plansOnSale(offer).map((each) => (
          <label key={each.id} className={planClass}>
            <input
              type="radio"
              name={name}
              value={each.id}
              checked={plan === each.id}
              onChange={() => onChange(each.id)}
              className={radioClass}
            />
            {each.name}: {each.price_minor === 0 ? "free" : "one credit each"}
          </label>
        ))}
      </div>
      {balance && (
        <p className="mt-2 text-sm text-gray-600">
          Your credits: {balanceSentence(balance, offer)}.
        </p>
      )}
      {left !== null && (
        <p className="mt-1 text-sm text-gray-600">
          {left === 0 ? (
            <>
              You have no {planName} credits left: the jobs will be posted as {free}.{" "}
              <Link
                href={`${routes.billing}#packs`}
                className="font-medium text-violet-700 hover:underline"
              >
                Buy a pack
              </Link>
            </>
          ) : left < importable ? (
            `Each listing spends one credit; once they run out, the rest are posted as ${free}.`
          ) : (
            "Each listing spends one credit."
          )}
        </p>
      )}
    </fieldset>
  );
}

type ImportChoicesProps = {
  /** The form's name, for screen readers ("Import choices for Greenhouse: acme"). */
  label: string;
  /** The preview of the choices as they start. */
  first: SourcePreview;
  rules: SourceRules;
  plan: ImportPlan;
  submitLabel: (preview: SourcePreview) => string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal of the import or change, said under the button. */
  refusal?: string | null;
  onSubmit: (rules: SourceRules, plan: ImportPlan) => void;
  /** Beside the submit button (a Cancel, when editing). */
  children?: ReactNode;
};

/** The preview and the choices, as one form: a new import's, or a source's changes. */
export function ImportChoices({
  label,
  first,
  rules: startRules,
  plan: startPlan,
  submitLabel,
  pendingLabel,
  pending,
  refusal,
  onSubmit,
  children,
}: ImportChoicesProps) {
  const rerun = usePreviewImport();
  const [rules, setRules] = useState(startRules);
  const [plan, setPlan] = useState(startPlan);
  const [countrySets, setCountrySets] = useState(
    () => splitCountries(startRules.remote_countries).sets,
  );
  const [others, setOthers] = useState(() => splitCountries(startRules.remote_countries).others);
  const [countriesError, setCountriesError] = useState<string | null>(null);
  const preview = rerun.data ?? first;
  const askedForCountries =
    first.skipped.some((job) => job.reason === "needs_countries") ||
    preview.skipped.some((job) => job.reason === "needs_countries") ||
    startRules.remote_countries !== null;

  const change = (next: SourceRules) => {
    setRules(next);
    rerun.mutate({ ats: first.ats, board: first.board, rules: next });
  };
  const toggle = (list: "only_departments" | "only_locations", name: string, on: boolean) => {
    const without = rules[list].filter((each) => each !== ruleName(name));
    change({ ...rules, [list]: on ? [...without, ruleName(name)] : without });
  };
  const toggleCountry = (code: string, on: boolean) => {
    const without = rules.only_countries.filter((each) => each !== code);
    change({ ...rules, only_countries: on ? [...without, code] : without });
  };
  const countriesChanged = (sets: ReadonlySet<string>, typed: string) => {
    const read = readCountries(sets, typed);
    if ("error" in read) {
      setCountriesError(read.error);
      return;
    }
    setCountriesError(null);
    if (read.countries?.join() !== rules.remote_countries?.join()) {
      change({ ...rules, remote_countries: read.countries });
    }
  };

  // The server's word on a choice (a country it does not take, say), beside the choices.
  const rerunError = rerun.isError
    ? refusalOf(rerun.error, "The preview could not be updated. Please try again.")
    : null;
  const chosenCount = rules.remote_countries?.length ?? 0;

  return (
    <GatedForm
      noValidate
      aria-label={label}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        const read = readCountries(countrySets, others);
        if ("error" in read) {
          setCountriesError(read.error);
          return;
        }
        onSubmit({ ...rules, remote_countries: read.countries }, plan);
      }}
    >
      <div aria-busy={rerun.isPending} className={rerun.isPending ? "opacity-60" : undefined}>
        <PreviewSummary preview={preview} />
      </div>
      <p role="status" className="text-sm text-gray-600">
        {rerun.isPending ? "Updating the preview…" : ""}
      </p>
      <Refusal message={rerunError} />

      {first.departments.length > 0 && (
        <Choices
          legend="Departments to take"
          hint={tickedHint(
            first.departments,
            rules.only_departments,
            "every department",
            (names) => `Only jobs in ${names} are taken.`,
          )}
        >
          {first.departments.map((tally) => (
            <Tick
              key={tally.name}
              label={`${tally.name} (${tally.jobs})`}
              checked={rules.only_departments.includes(ruleName(tally.name))}
              onChange={(on) => toggle("only_departments", tally.name, on)}
            />
          ))}
        </Choices>
      )}
      {first.departments.length > 0 && (
        <details
          className="rounded-lg border border-gray-200 px-4 py-3"
          open={
            Object.keys(startRules.departments).length > 0 ||
            Object.keys(startRules.types).length > 0 ||
            first.skipped.some((job) => job.reason === "unknown_department")
          }
        >
          <summary className="cursor-pointer text-sm font-medium text-gray-900">
            How your departments and job types read here
          </summary>
          <div className="mt-3 space-y-5">
            <WordMap
              legend="Departments"
              hint="Each of your departments, as the board reads it. Choose another where it reads wrong, or where it is not recognised."
              words={first.departments}
              entries={DEPARTMENTS}
              table={rules.departments}
              onChange={(departments) => change({ ...rules, departments })}
            />
            {first.types.length > 0 && (
              <WordMap
                legend="Job types"
                hint="Each of your employment types, as the board reads it."
                words={first.types}
                entries={JOB_TYPES}
                table={rules.types}
                onChange={(types) => change({ ...rules, types })}
              />
            )}
          </div>
        </details>
      )}
      {first.countries.length > 0 && (
        <Choices
          legend="Countries to take"
          hint={tickedHint(
            first.countries,
            first.countries
              .filter((country) => rules.only_countries.includes(country.code))
              .map((country) => ruleName(country.name)),
            "every country",
            (names) => `Only jobs in ${names} are taken.`,
          )}
        >
          {first.countries.map((country) => (
            <Tick
              key={country.code}
              label={`${country.name} (${country.jobs})`}
              checked={rules.only_countries.includes(country.code)}
              onChange={(on) => toggleCountry(country.code, on)}
            />
          ))}
        </Choices>
      )}
      {/* Chosen by the ATS's own words before countries (issue 61): shown to be undone. */}
      {first.locations.length > 0 && startRules.only_locations.length > 0 && (
        <Choices
          legend="Locations to take"
          hint={tickedHint(
            first.locations,
            rules.only_locations,
            "every location",
            (names) => `Only jobs in ${names} are taken.`,
          )}
        >
          {first.locations.map((tally) => (
            <Tick
              key={tally.name}
              label={`${tally.name} (${tally.jobs})`}
              checked={rules.only_locations.includes(ruleName(tally.name))}
              onChange={(on) => toggle("only_locations", tally.name, on)}
            />
          ))}
        </Choices>
      )}

      {askedForCountries && (
        <div className="space-y-3">
          <Choices
            legend="Countries for remote jobs that name none"
            hint="Google shows a remote job only to people in the countries it names. Without any, such jobs wait here, “Needs countries”."
          >
            {COUNTRY_SETS.map((set) => (
              <Tick
                key={set.id}
                label={set.label}
                checked={countrySets.has(set.id)}
                onChange={(on) => {
                  const next = new Set(countrySets);
                  if (on) next.add(set.id);
                  else next.delete(set.id);
                  setCountrySets(next);
                  countriesChanged(next, others);
                }}
              />
            ))}
          </Choices>
          <TextField
            label="Other countries"
            hint={`Two-letter codes, separated by commas: US, CA, GB. ${
              chosenCount > 0
                ? `Remote jobs hire in ${chosenCount} ${chosenCount === 1 ? "country" : "countries"}.`
                : ""
            }`}
            error={countriesError ?? undefined}
            value={others}
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event) => setOthers(event.target.value)}
            onBlur={() => countriesChanged(countrySets, others)}
          />
        </div>
      )}

      <PlanChoice plan={plan} onChange={setPlan} importable={preview.importable} />

      <div className="flex flex-wrap items-center justify-end gap-3">
        <Refusal message={refusal} />
        {children}
        <SubmitButton busy={pending}>{pending ? pendingLabel : submitLabel(preview)}</SubmitButton>
      </div>
    </GatedForm>
  );
}
