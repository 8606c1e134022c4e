/** True when A and B are the same type (each assignable to the other). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * `sameType<A, B>(true)` compiles only when A and B are the same type, and does nothing: a
 * feature's zod schema proves with it that it builds exactly a JSON column's shape (lib/model).
 */
export const sameType = <A, B>(same: Same<A, B>): void => void same;
