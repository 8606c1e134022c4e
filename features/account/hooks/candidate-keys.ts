/** React Query keys for the signed-in candidate's records. */
export const candidateKeys = {
  marks: ["job_marks"] as const,
  savedJobs: ["favorites"] as const,
  hiddenJobs: ["rejections"] as const,
  applications: ["applications"] as const,
  /** Applications made on the board (issue 27), apart from those tracked by hand. */
  boardApplications: ["job_applications"] as const,
  preferences: ["preferences"] as const,
  recommendations: (page: number) => ["recommendations", page] as const,
  allRecommendations: ["recommendations"] as const,
};
