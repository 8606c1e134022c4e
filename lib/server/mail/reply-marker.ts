/**
 * The first line of mail that can be answered by mail: an answer is written above it, and the
 * reply inbox keeps only what is above (features/applications/server/reply-text.ts).
 */
export const REPLY_MARKER = "##- Write your answer above this line -##";
