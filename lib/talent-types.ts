/** A candidate as the public talent page shows them: only what they chose to publish. */
export type TalentProfile = {
  name: string;
  avatarUrl: string | null;
  headline: string | null;
  location: string | null;
  skills: string[];
  openToWork: boolean;
  /** Department and region slugs from their preferences: what they are looking for. */
  departments: string[];
  regions: string[];
};

export type TalentFilters = { department?: string; region?: string; page: number };

export type TalentPage = {
  profiles: TalentProfile[];
  total: number;
  page: number;
  pageCount: number;
  filters: TalentFilters;
};

export const TALENT_PER_PAGE = 24;
