// @marbec/web-auto-extractor ships JavaScript only; these are the parts e2e/support/job-postings.ts
// uses. (@adobe/structured-data-validator is declared beside the app's use of it, in
// features/moderation/server/structured-data-validator.d.ts.)

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
