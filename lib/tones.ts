/** The colours a state's badge comes in (components/ui/badge.tsx): amber waits, red is wrong. */
export type Tone = "amber" | "red" | "green" | "grey";
