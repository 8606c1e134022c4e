// The two packages ship JavaScript only; these are the parts e2e/support/job-postings.ts uses.

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

declare module "@marbec/web-auto-extractor" {
  export type Extracted = {
    jsonld: Record<string, unknown[]>;
    microdata: Record<string, unknown[]>;
    rdfa: Record<string, unknown[]>;
  };
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] });
    parse(html: string): Extracted;
  }
}
