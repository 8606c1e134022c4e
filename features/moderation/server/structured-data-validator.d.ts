// @adobe/structured-data-validator ships JavaScript only: the parts the app (job-posting-check.ts)
// and the browser tests (e2e/support/job-postings.ts) use.

declare module "@adobe/structured-data-validator" {
  export type ValidationIssue = {
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    path?: unknown[];
    fieldNames?: string[];
    location?: string;
  };
  /** Google's rich-result rules; with schema.org's vocabulary (JSON-LD) also schema.org's. */
  export default class Validator {
    constructor(schemaOrgJson: unknown);
    validate(extracted: unknown): Promise<ValidationIssue[]>;
  }
}
