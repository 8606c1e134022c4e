import { AVATAR_SIZES } from "@/lib/users/avatar";

/** The avatar's place while it loads: the same size, so the header does not shift. */
export function AccountPicturePending() {
  return (
    <span
      aria-hidden="true"
      className="block animate-pulse rounded-full bg-current opacity-20"
      style={{ width: AVATAR_SIZES.chat, height: AVATAR_SIZES.chat }}
    />
  );
}
