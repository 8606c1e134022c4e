import type { SourceRulesJson } from "@/features/imports/schemas";
import type { SourceRules } from "./map-job";

/** A source's stored rules (the API's snake_case) as the mapping reads them. */
export const rulesOf = (rules: SourceRulesJson): SourceRules => ({
  departments: rules.departments ?? {},
  types: rules.types ?? {},
  remoteCountries: rules.remote_countries ?? null,
  onlyDepartments: rules.only_departments ?? [],
  onlyLocations: rules.only_locations ?? [],
  onlyCountries: rules.only_countries ?? [],
});
