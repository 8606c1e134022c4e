// damerau-levenshtein ships JavaScript only: the call features/jobs/server/search-plan.ts makes.

declare module "damerau-levenshtein" {
  /** The edit distance of two strings, counting a swap of neighbours as one edit. */
  export default function distance(
    a: string,
    b: string,
    limit?: number,
  ): { steps: number; relative: number; similarity: number };
}
