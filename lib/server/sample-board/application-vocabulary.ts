import type { ApplicationStage } from "@/features/applications/constants";
import type { ScreeningQuestionKind } from "@/features/jobs/constants";
import type { DepartmentSlug } from "../../taxonomy";

/*
 * The words of the sample board's applications on the board (issue 27): the screening questions
 * listings ask, with the answers candidates give, the notes they send, and what employers write
 * back and note. Placeholders in braces are filled by seed/applications.ts.
 */

export type SampleQuestion = {
  kind: ScreeningQuestionKind;
  prompt: string;
  /** What candidates answer: "yes"/"no" weighted for a yes/no question, words for a short one. */
  answers: readonly (readonly [string, number])[];
  /** Only on listings in these departments; on any listing when left out. */
  departments?: readonly DepartmentSlug[];
};

export const SCREENING_QUESTIONS: readonly SampleQuestion[] = [
  {
    kind: "yes_no",
    prompt: "Do you have the right to work where this role is based?",
    answers: [
      ["yes", 9],
      ["no", 1],
    ],
  },
  {
    kind: "yes_no",
    prompt: "Can you start within a month?",
    answers: [
      ["yes", 6],
      ["no", 4],
    ],
  },
  {
    kind: "yes_no",
    prompt: "Are you comfortable working across time zones for the odd early or late call?",
    answers: [
      ["yes", 8],
      ["no", 2],
    ],
  },
  {
    kind: "yes_no",
    prompt: "Have you negotiated a brand deal on a creator's behalf before?",
    answers: [
      ["yes", 6],
      ["no", 4],
    ],
    departments: ["creator-partnerships", "talent-management", "influencer-marketing", "sales"],
  },
  {
    kind: "yes_no",
    prompt: "Have you edited long-form YouTube videos for a channel with 100k+ subscribers?",
    answers: [
      ["yes", 5],
      ["no", 5],
    ],
    departments: ["marketing", "design"],
  },
  {
    kind: "short",
    prompt: "Which creator or channel do you admire, and why?",
    answers: [
      ["Ali Abdaal: he turned a study channel into a real business without losing the voice.", 1],
      ["Mark Rober. Every video is a proper story with a payoff, and the science is real.", 1],
      ["Emma Chamberlain, for making low-key feel deliberate long before everyone copied it.", 1],
      ["Marques Brownlee: fifteen years of consistency and he still reads the comments.", 1],
      ["Colin and Samir: they interview creators like a trade press would.", 1],
      ["Any small cooking channel that posts every week for years. That is the hard part.", 1],
    ],
  },
  {
    kind: "short",
    prompt: "What is your notice period?",
    answers: [
      ["Two weeks", 3],
      ["One month", 4],
      ["Available now", 2],
      ["Six weeks, possibly shorter", 1],
    ],
  },
  {
    kind: "short",
    prompt: "Share a link to work you are proud of.",
    answers: [
      ["https://portfolio.example/{handle}", 3],
      ["https://{handle}.example/work", 2],
      ["A case study is on my site: https://{handle}.example", 2],
    ],
  },
  {
    kind: "short",
    prompt: "What are your salary expectations?",
    answers: [
      ["In the range the listing gives.", 4],
      ["Around the middle of the range, depending on the package.", 3],
      ["Happy to discuss once I know more about the role.", 2],
    ],
  },
  {
    kind: "short",
    prompt: "Which editing and design tools do you use every day?",
    answers: [
      ["Premiere Pro and After Effects, Figma for thumbnails.", 2],
      ["DaVinci Resolve, Photoshop, a little Blender.", 1],
      ["CapCut for shorts, Premiere for long-form.", 2],
      ["Figma, Illustrator and Photoshop.", 1],
    ],
    departments: ["design", "marketing"],
  },
  {
    kind: "short",
    prompt: "Tell us about a campaign you ran and how it performed.",
    answers: [
      [
        "A 12-creator TikTok launch for a skincare brand: 4.1M views and a 3.2% engagement rate.",
        1,
      ],
      ["An always-on YouTube integration programme that paid back in six weeks.", 1],
      ["A gaming sponsorship across five Twitch streamers; we beat the CPA target by 30%.", 1],
      ["Seeding to 200 micro-creators; 40 posted unpaid and two became paid ambassadors.", 1],
    ],
    departments: ["creator-partnerships", "influencer-marketing", "marketing", "sales"],
  },
];

/** Cover notes, or none for about a quarter of candidates. */
export const COVER_NOTES: readonly string[] = [
  "Hi {company} team,\n\nI'm applying for the {title} role. I've spent the last few years as {aHeadline}, and the way you work with creators is exactly what I want to be doing next.\n\nThanks for reading,\n{firstName}",
  "Hello! I've followed {company} for a while and would love to help as your {title}. My CV has the details; the short version is {skills}, every day.\n\n{firstName}",
  "Dear hiring team,\n\nPlease find my CV attached for the {title} position. I bring experience in {skills}, and I'm keen to do it for a team that takes creators seriously.\n\nBest regards,\n{fullName}",
  "I'm {aHeadline} based in {location}. This {title} role reads like it was written for the work I already do, so here I am. Happy to share more examples on a call.\n\n– {firstName}",
  "Hi there,\n\nQuick note to say I'm genuinely excited about this one. {skills}: that's my toolkit, and I'd bring it to {company} from day one.\n\nCheers,\n{firstName}",
];

/** What employers write with a stage change the candidate hears of. */
export const STAGE_MESSAGES: Partial<Record<ApplicationStage, readonly string[]>> = {
  interview: [
    "Thanks for applying! We'd love to talk. Could you do a 30-minute video call next week? Reply to this email with a few times that suit you.",
    "Your application stood out. Next step is a chat with the hiring manager; we'll send an invite shortly.",
  ],
  offer: [
    "We're delighted to offer you the role. The details are in your inbox; take the time you need.",
    "Great news: we'd like you on the team. Expect a call from us today to talk it through.",
  ],
  not_selected: [
    "Thank you for your time. We've decided to go with a candidate whose experience is closer to what the team needs right now.",
    "We had a lot of strong applications and this time it's a no, but we'd be glad to hear from you for future roles.",
  ],
};

/** The employer's private notes on an applicant. */
export const EMPLOYER_NOTES: readonly string[] = [
  "Strong portfolio. Worth a first call.",
  "Good answers to the questions; check notice period.",
  "Referred by someone on the team.",
  "Great energy on the call. Second round with the hiring manager.",
  "Salary expectations at the top of our range.",
  "Lovely cover note, but less experience with long-form than we need.",
  "Asked for two more work samples.",
];
