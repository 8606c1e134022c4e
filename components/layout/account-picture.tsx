import { UserCircleIcon } from "@heroicons/react/24/solid";
import { Avatar, AVATAR_SIZES } from "@/components/ui/avatar";
import { AccountPicturePending } from "@/components/layout/account-picture-pending";
import { QueryProvider } from "@/components/providers/query-provider";
import { useCurrentUser } from "@/hooks/use-current-user";

const size = AVATAR_SIZES.chat;

function Picture() {
  const { data: user, isPending } = useCurrentUser();
  const placeholder = <UserCircleIcon aria-hidden="true" style={{ width: size, height: size }} />;
  if (isPending) return <AccountPicturePending />;
  if (user?.avatar_url) return <Avatar src={user.avatar_url} size="chat" fallback={placeholder} />;
  return placeholder;
}

/**
 * The signed-in user's picture, or a person icon in its place and size. Loaded only once someone
 * is signed in: an anonymous visitor's header downloads none of the current-user query.
 */
export function AccountPicture() {
  return (
    <QueryProvider>
      <Picture />
    </QueryProvider>
  );
}
