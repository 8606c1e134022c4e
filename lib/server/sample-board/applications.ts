import {
  APPLICATION_STAGES,
  OPEN_STAGES,
  type ApplicationStage,
  type CloseReason,
} from "@/features/applications/constants";
import type { ScreeningAnswer } from "../db/schema";
import {
  COVER_NOTES,
  EMPLOYER_NOTES,
  SCREENING_QUESTIONS,
  STAGE_MESSAGES,
} from "./application-vocabulary";
import { SAMPLE_BOARD_DEFAULTS, type SampleBoard, type SampleJob } from "./generate";
import { createRandom, type Random } from "./random";
import type { SampleCandidate } from "./talent";
import type { Weighted } from "./vocabulary";

/*
 * The sample board's applications on the board (issue 27): the sample candidates (talent.ts)
 * apply to the listings that take applications on the board (generate.ts), with answers to
 * their questions, a cover note and a CV, and stand in every stage: new, reviewing, interview,
 * offer, hired and not selected, some withdrawn by the candidate and some closed out because
 * their listing ended. Pure and deterministic like the board: the same board, candidates and
 * options give the same applications.
 */

export type SampleApplication = {
  /** Index into the board's `jobs`, and into the candidates. */
  jobIndex: number;
  candidateIndex: number;
  fullName: string;
  email: string;
  headline: string | null;
  links: string[];
  coverNote: string | null;
  answers: ScreeningAnswer[];
  stage: ApplicationStage;
  stageChangedAt: Date;
  stageMessage: string | null;
  closedReason: CloseReason | null;
  closedAt: Date | null;
  withdrawnAt: Date | null;
  employerNotifiedAt: Date;
  createdAt: Date;
  /** The employer's private notes (no author: the sample listings have no employer account). */
  notes: { body: string; createdAt: Date }[];
};

/** The CV on a candidate's profile: each candidate who applied has one. */
export type SampleCv = { candidateIndex: number; name: string; uploadedAt: Date };

export type SampleApplications = { applications: SampleApplication[]; cvs: SampleCv[] };

/** Applicants' addresses and links are under the reserved .example TLD, as companies' are. */
export const SAMPLE_APPLICANT_MAIL_DOMAIN = "mail.example";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Added to the board's seed for the applications' own stream. */
const APPLICATIONS_STREAM = 2_727;

const APPLICANT_COUNTS: Weighted<number> = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 3],
  [4, 2],
  [6, 1],
];

/** Where applicants on a listing still open stand. */
const OPEN_LISTING_STAGES: Weighted<ApplicationStage> = [
  ["new", 35],
  ["reviewing", 25],
  ["interview", 14],
  ["offer", 5],
  ["hired", 3],
  ["not_selected", 18],
];

/** Where the other applicants of a listing that ended stood (one of a filled one's was hired). */
const ENDED_LISTING_STAGES: Weighted<ApplicationStage> = [
  ["new", 30],
  ["reviewing", 25],
  ["interview", 10],
  ["not_selected", 35],
];

const WITHDRAWN_SHARE = 0.05;
const COVER_NOTE_SHARE = 0.75;
const OPTIONAL_ANSWER_SHARE = 0.7;
const STAGE_MESSAGE_SHARE = 0.7;
/** Applicants the employer wrote a note on, more of those further along. */
const NOTE_SHARE = { early: 0.15, later: 0.5 } as const;
/** New applications are this recent: older ones would have been looked at. */
const NEW_WITHIN_DAYS = 10;
/** The hour the daily digest of new applicants goes out: 8:00, UTC for the sample listings. */
const DIGEST_HOUR = 8;

type Draft = {
  jobIndex: number;
  candidateIndex: number;
  stage: ApplicationStage;
  withdrawn: boolean;
};

/** Applications on the board's listings that take them, by the sample candidates. */
export function generateSampleApplications(
  board: SampleBoard,
  candidates: readonly SampleCandidate[],
  options: { seed?: number; now?: Date } = {},
): SampleApplications {
  const random = createRandom((options.seed ?? SAMPLE_BOARD_DEFAULTS.seed) + APPLICATIONS_STREAM);
  const now = (options.now ?? SAMPLE_BOARD_DEFAULTS.now).getTime();
  const listings = board.jobs.flatMap((job, jobIndex) =>
    job.applyMethod === "board" ? [{ job, jobIndex }] : [],
  );
  if (candidates.length === 0) return { applications: [], cvs: [] };

  const drafts: Draft[] = [];
  for (const { job, jobIndex } of listings) {
    const ended = job.status !== "open";
    const wanted = ended ? random.int(2, 5) : random.weighted(APPLICANT_COUNTS);
    applicantsFor(random, candidates, job, wanted).forEach((candidateIndex, index) => {
      const stage =
        ended && job.status === "filled" && index === 0
          ? "hired"
          : random.weighted(ended ? ENDED_LISTING_STAGES : OPEN_LISTING_STAGES);
      const withdrawn = OPEN_STAGES.includes(stage) && random.chance(WITHDRAWN_SHARE);
      drafts.push({ jobIndex, candidateIndex, stage, withdrawn });
    });
  }
  coverEveryStage(drafts, board.jobs);

  const applications = drafts.map((draft) =>
    writeApplication(
      random,
      draft,
      board.jobs[draft.jobIndex]!,
      board.companies[board.jobs[draft.jobIndex]!.companyIndex]!.name,
      candidates,
      now,
    ),
  );
  // Each candidate who applied keeps a CV on their profile, uploaded before their first one.
  const firstApplied = new Map<number, number>();
  for (const { candidateIndex, createdAt } of applications) {
    const first = firstApplied.get(candidateIndex);
    if (first === undefined || createdAt.getTime() < first) {
      firstApplied.set(candidateIndex, createdAt.getTime());
    }
  }
  const cvs = [...firstApplied]
    .sort(([a], [b]) => a - b)
    .map(([candidateIndex, first]) => ({
      candidateIndex,
      name: cvName(candidates[candidateIndex]!),
      uploadedAt: wholeSeconds(first - random.int(1, 72) * HOUR),
    }));
  return { applications, cvs };
}

/** `wanted` distinct candidates, those looking for work in the job's department more likely. */
function applicantsFor(
  random: Random,
  candidates: readonly SampleCandidate[],
  job: SampleJob,
  wanted: number,
): number[] {
  const pool = candidates.map((candidate, index) => {
    const fits = candidate.preferences.departments?.includes(job.department) ?? false;
    return [index, fits ? 6 : 1] as const;
  });
  const chosen: number[] = [];
  while (chosen.length < Math.min(wanted, candidates.length)) {
    const index = random.weighted(pool.filter(([candidate]) => !chosen.includes(candidate)));
    chosen.push(index);
  }
  return chosen;
}

/**
 * Every stage has an application still in it (not withdrawn nor closed out), and there is one
 * withdrawn, and one closed out by its listing's end: the pipeline and /applied-jobs show each
 * on any board with enough of them. A missing stage is given to an application still new on an
 * open listing, so long as another stays new.
 */
function coverEveryStage(drafts: Draft[], jobs: readonly SampleJob[]) {
  const onOpen = drafts.filter((draft) => jobs[draft.jobIndex]!.status === "open");
  const spare = () =>
    onOpen.find(
      (draft) =>
        draft.stage === "new" &&
        !draft.withdrawn &&
        onOpen.filter((other) => other.stage === "new" && !other.withdrawn).length > 1,
    );
  for (const stage of APPLICATION_STAGES) {
    if (onOpen.some((draft) => draft.stage === stage && !draft.withdrawn)) continue;
    const draft = spare();
    if (draft) draft.stage = stage;
  }
  if (!drafts.some((draft) => draft.withdrawn)) {
    const draft = spare();
    if (draft) draft.withdrawn = true;
  }
  const onEnded = drafts.filter((draft) => jobs[draft.jobIndex]!.status !== "open");
  if (!onEnded.some((draft) => OPEN_STAGES.includes(draft.stage) && !draft.withdrawn)) {
    const draft = onEnded.find((candidate) => candidate.stage === "not_selected");
    if (draft) draft.stage = "reviewing";
  }
}

function writeApplication(
  random: Random,
  draft: Draft,
  job: SampleJob,
  company: string,
  candidates: readonly SampleCandidate[],
  now: number,
): SampleApplication {
  const candidate = candidates[draft.candidateIndex]!;
  const person = personOf(candidate);
  const published = job.publishedAt.getTime();
  // A listing that ended did so at its end date; applications came before it.
  const ended = job.status === "open" ? null : job.expiresAt.getTime();
  const last = (ended ?? now) - HOUR;
  const between = (from: number, to: number) =>
    wholeSeconds(from + random.next() * Math.max(0, to - from));

  const waiting = draft.stage === "new";
  const createdAt =
    waiting && !ended
      ? between(Math.max(published + HOUR, now - NEW_WITHIN_DAYS * DAY), last)
      : between(published + HOUR, published + HOUR + 0.7 * (last - published - HOUR));
  const moved = waiting ? createdAt : between(createdAt.getTime() + HOUR, last);
  const closedOut = ended !== null && OPEN_STAGES.includes(draft.stage) && !draft.withdrawn;
  const withdrawnAt = draft.withdrawn ? between(moved.getTime(), last) : null;
  const closedAt = closedOut ? new Date(ended) : null;

  const messages = STAGE_MESSAGES[draft.stage];
  const stageMessage =
    messages && random.chance(STAGE_MESSAGE_SHARE) ? random.pick(messages) : null;
  const noted = random.chance(
    draft.stage === "new" || draft.stage === "reviewing" ? NOTE_SHARE.early : NOTE_SHARE.later,
  );
  const notes = noted
    ? random.sample(EMPLOYER_NOTES, random.int(1, 2)).map((body) => ({
        body,
        createdAt: between(createdAt.getTime(), Math.max(createdAt.getTime(), moved.getTime())),
      }))
    : [];
  notes.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  return {
    jobIndex: draft.jobIndex,
    candidateIndex: draft.candidateIndex,
    fullName: person.fullName,
    email: person.email,
    headline: candidate.user.headline ?? null,
    links: random.chance(0.5)
      ? [`https://${person.handle}.example`, `https://portfolio.example/${person.handle}`]
      : [`https://${person.handle}.example`],
    coverNote: random.chance(COVER_NOTE_SHARE)
      ? coverNote(random, job, company, candidate, person)
      : null,
    answers: answersTo(random, job, person.handle),
    stage: draft.stage,
    // A close-out moves the application's date, as the task that closes it does.
    stageChangedAt: closedAt ?? moved,
    stageMessage,
    closedReason: closedOut ? (job.status === "filled" ? "filled" : "expired") : null,
    closedAt,
    withdrawnAt,
    employerNotifiedAt: notifiedAt(job, createdAt.getTime(), now),
    createdAt,
    notes,
  };
}

/** When the employer heard of it: at once, or in the next morning's digest (not after now). */
function notifiedAt(job: SampleJob, created: number, now: number): Date {
  if (job.applicantMail === "instant") return new Date(created + 60_000);
  const morning = created - (created % DAY) + DIGEST_HOUR * HOUR;
  return new Date(Math.min(morning > created ? morning : morning + DAY, now));
}

function answersTo(random: Random, job: SampleJob, handle: string): ScreeningAnswer[] {
  return job.screeningQuestions.flatMap((question) => {
    if (!question.required && !random.chance(OPTIONAL_ANSWER_SHARE)) return [];
    const sample = SCREENING_QUESTIONS.find((entry) => entry.prompt === question.prompt);
    const answer = sample
      ? random.weighted(sample.answers).replace(/\{handle\}/g, handle)
      : question.kind === "yes_no"
        ? "yes"
        : "Happy to tell you more on a call.";
    return [{ question_id: question.id, answer }];
  });
}

function coverNote(
  random: Random,
  job: SampleJob,
  company: string,
  candidate: SampleCandidate,
  person: ReturnType<typeof personOf>,
): string {
  const given = candidate.user.headline ?? "someone who works with creators";
  // "a head of influencer at a DTC brand": only the first letter lowered, names kept.
  const headline = given.charAt(0).toLowerCase() + given.slice(1);
  const skills = (candidate.user.skills ?? []).slice(0, 3).map(inSentence);
  const values: Record<string, string> = {
    company,
    title: job.title,
    aHeadline: `${/^[aeiou]/.test(headline) ? "an" : "a"} ${headline}`,
    skills: skills.length > 1 ? `${skills.slice(0, -1).join(", ")} and ${skills.at(-1)}` : "",
    firstName: person.firstName,
    fullName: person.fullName,
    location: (candidate.user.location ?? "").replace(/ \(remote\)$/, "") || "the UK",
  };
  const templates = COVER_NOTES.filter(
    (template) => values.skills !== "" || !template.includes("{skills}"),
  );
  return random
    .pick(templates)
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "")
    .trim();
}

/** Skills that are names (of tools, platforms) keep their capitals inside a sentence. */
const NAMED_SKILLS = new Set([
  "Figma",
  "Instagram",
  "Notion",
  "Photoshop",
  "Python",
  "React",
  "Shorts",
  "Twitch",
]);

/** "Campaign reporting" → "campaign reporting"; "YouTube", "After Effects", "Figma" as they are. */
const inSentence = (skill: string) =>
  NAMED_SKILLS.has(skill) || /^\S*[A-Z]\S*[A-Z]|\s[A-Z]/.test(skill)
    ? skill
    : skill.charAt(0).toLowerCase() + skill.slice(1);

/** A candidate's name, the address they apply from and the handle of their links. */
export function personOf(candidate: SampleCandidate) {
  const fullName = candidate.user.fullName ?? "Sample Candidate";
  const [firstName = fullName, ...rest] = fullName.split(" ");
  const ascii = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z]/g, "");
  const last = ascii(rest.join(""));
  return {
    fullName,
    firstName,
    email: `${ascii(firstName)}.${last}@${SAMPLE_APPLICANT_MAIL_DOMAIN}`,
    handle: `${ascii(firstName)}${last}`,
  };
}

/** The file name a candidate's CV was uploaded under. */
export const cvName = (candidate: SampleCandidate) =>
  `${personOf(candidate).fullName.replace(/ /g, "-")}-CV.pdf`;

const wholeSeconds = (time: number) => new Date(time - (time % 1000));
