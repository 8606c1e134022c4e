/*
 * The applicant tracking systems whose public job boards the board imports (issue 46), as the
 * server and the browser share them: their names, and how a board's name is written down once,
 * so that "Acme Studio", "acme%20studio" and " ACME  studio " are one source, never two.
 */

import type { AtsKind } from "@/features/companies/ats-kinds";

// The kinds and their names are below, in companies: a company's public page names its ATS.
export { ATS_KINDS, ATS_LABELS, type AtsKind } from "@/features/companies/ats-kinds";

/** Where an employer finds the name to type, shown under the field. */
export const ATS_BOARD_HINTS: Record<AtsKind, string> = {
  greenhouse: "The name in boards.greenhouse.io/<name> or job-boards.greenhouse.io/<name>",
  lever: "The name in jobs.lever.co/<name>",
  lever_eu: "The name in jobs.eu.lever.co/<name>",
  ashby: "The name in jobs.ashbyhq.com/<name>",
  workable: "The name in apply.workable.com/<name>",
  recruitee: "The name in <name>.recruitee.com",
};

/** The longest board name taken. */
export const BOARD_NAME_MAX = 100;

/** Hosts of each ATS's board pages (and its API), from which a pasted address gives the name. */
const BOARD_HOSTS: Record<AtsKind, readonly string[]> = {
  greenhouse: [
    "boards.greenhouse.io",
    "job-boards.greenhouse.io",
    "boards.eu.greenhouse.io",
    "job-boards.eu.greenhouse.io",
    "boards-api.greenhouse.io",
  ],
  lever: ["jobs.lever.co", "api.lever.co"],
  lever_eu: ["jobs.eu.lever.co", "api.eu.lever.co"],
  ashby: ["jobs.ashbyhq.com", "api.ashbyhq.com"],
  workable: ["apply.workable.com", "www.workable.com", "workable.com"],
  recruitee: [],
};

/** The paths of the APIs' own addresses before the name (a board's pages start with it). */
const API_PREFIXES = [
  "/v1/boards/",
  "/v0/postings/",
  "/posting-api/job-board/",
  // Paths on the ATSs' hosts, not this site's API (the typed-client-paths rule, issue 62).
  // eslint-disable-next-line no-restricted-syntax
  "/api/accounts/",
  // eslint-disable-next-line no-restricted-syntax
  "/api/v1/widget/accounts/",
];

/*
 * The characters each ATS's names are made of. Anything else (a slash, "?", "#", "@", "%") is
 * refused rather than escaped, so that no name can reach another host or path when it is put
 * into a request's address. A Recruitee name is a subdomain, so it is a DNS label.
 */
const NAME_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
const ASHBY_PATTERN = /^[a-z0-9][a-z0-9._ -]*$/;
const LABEL_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Far more than any address a board has: past this the input is not looked at. */
const INPUT_MAX = 2_000;

/**
 * A board's name as its source is keyed by, or null when it cannot be one: what was typed (or a
 * board's address pasted whole) with its percent-encoding decoded once, trimmed, lowercased, runs
 * of spaces made one, and only the characters the ATS's names use.
 */
export function normaliseBoard(kind: AtsKind, input: string): string | null {
  if (input.length > INPUT_MAX) return null;
  const typed = input.trim();
  const raw = looksLikeAddress(kind, typed) ? nameInAddress(kind, typed) : typed;
  if (raw === null) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null; // A malformed % sequence.
  }
  const name = decoded.trim().toLowerCase().replace(/\s+/g, " ");
  if (name.length === 0 || name.length > BOARD_NAME_MAX || name.includes("..")) return null;
  const pattern =
    kind === "recruitee" ? LABEL_PATTERN : kind === "ashby" ? ASHBY_PATTERN : NAME_PATTERN;
  return pattern.test(name) ? name : null;
}

function looksLikeAddress(kind: AtsKind, typed: string): boolean {
  const lower = typed.toLowerCase();
  if (/^https?:\/\//.test(lower)) return true;
  const host = lower.split(/[/?#]/, 1)[0] ?? "";
  return (
    host.endsWith(".recruitee.com") ||
    host.endsWith(".workable.com") ||
    BOARD_HOSTS[kind].includes(host)
  );
}

/** The (still percent-encoded) name in a board's address, or null when it names none of `kind`. */
function nameInAddress(kind: AtsKind, typed: string): string | null {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.port) return null;
  const host = url.hostname;
  if (kind === "recruitee") {
    const match = /^([^.]+)\.recruitee\.com$/.exec(host);
    return match?.[1] ?? null;
  }
  if (kind === "workable") {
    const legacy = /^([^.]+)\.workable\.com$/.exec(host);
    if (legacy?.[1] && !BOARD_HOSTS.workable.includes(host)) return legacy[1];
  }
  if (!BOARD_HOSTS[kind].includes(host)) return null;
  // Greenhouse's embedded board names its board in the query: /embed/job_board?for=acme.
  if (kind === "greenhouse" && url.pathname.startsWith("/embed/")) {
    return url.searchParams.has("for") ? encodeURIComponent(url.searchParams.get("for")!) : null;
  }
  const prefix = API_PREFIXES.find((path) => url.pathname.startsWith(path)) ?? "/";
  return url.pathname.slice(prefix.length).split("/")[0] || null;
}
