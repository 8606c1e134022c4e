/** Field errors as the API sends them (422) and forms show them: `{ field: [messages] }`. */
export type FieldErrors = Record<string, string[]>;
