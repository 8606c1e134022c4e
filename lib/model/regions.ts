/*
 * The board's regions as sets of countries (ISO 3166-1 alpha-2 codes), as the jobs table's
 * generated board_regions column names them (lib/server/db/schema/jobs.ts); features/jobs/locations.ts
 * builds the regions a listing names on the same sets.
 */

export const codes = (list: string) => list.split(" ");

export const EU = codes(
  "AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK",
);
/** Europe as the UN's geoscheme draws it (M49), with Cyprus, an EU member. */
export const EUROPE = [
  ...EU,
  ...codes("AD AL AX BA BY CH FO GB GG GI IM IS JE LI MC MD ME MK NO RS RU SJ SM UA VA"),
];
export const MIDDLE_EAST = codes("AE BH EG IL IQ IR JO KW LB OM PS QA SA SY TR YE");
export const AFRICA = codes(
  "AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW",
);
export const NORTH_AMERICA = codes("US CA");
export const LATIN_AMERICA = codes(
  "AR BO BR BZ CL CO CR CU DO EC GT HN HT MX NI PA PE PR PY SV UY VE",
);
export const SOUTH_AMERICA = codes("AR BO BR CL CO EC GY PE PY SR UY VE");
export const CARIBBEAN = codes("AG BB BS DM GD JM KN LC TT VC");
export const ASIA = codes(
  "AE AF AM AZ BD BH BN BT CN GE HK ID IL IN IQ IR JO JP KG KH KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE",
);
export const APAC = codes(
  "AU BD BN BT CN FJ HK ID IN JP KH KI KR LA LK MM MN MO MV MY NP NZ PG PH PK SB SG TH TL TO TW VN VU WS",
);
/** Countries whose time is within two hours of Central European Time (UTC-1 to UTC+3). */
export const CET_2H = [
  ...EUROPE.filter((code) => code !== "RU"),
  ...AFRICA.filter((code) => !["MU", "RE", "SC"].includes(code)),
  ...codes("BH IL IQ JO KW LB PS QA SA SY TR YE"),
];
/** The countries whose time zones the United States uses (UTC-10 to UTC-5). */
export const US_TIME_ZONES = codes("US CA MX");

export const unique = (...lists: string[][]) => [...new Set(lists.flat())].sort();

/**
 * The countries of each of the board's regions (lib/taxonomy.ts REGIONS) but "remote". A region's
 * page lists the jobs based there and the remote jobs open to people there: those accepting
 * anywhere, or any of these countries (the jobs table's generated board_regions column).
 */
export const BOARD_REGION_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  "united-states": ["US"],
  "united-kingdom": ["GB"],
  canada: ["CA"],
  europe: unique(EUROPE),
  australia: ["AU"],
  asia: unique(ASIA),
  africa: unique(AFRICA),
  "south-america": unique(SOUTH_AMERICA),
};
