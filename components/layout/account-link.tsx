import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { useCurrentUser } from "@/hooks/use-current-user";
import { useAuth } from "@/lib/auth/auth-context";
import { routes } from "@/lib/routes";

type AccountLinkProps = {
  signInClassName: string;
  profileClassName: string;
  onNavigate?: () => void;
};

/** The user's avatar linking to their profile when signed in; a Sign in button otherwise. */
export function AccountLink({ signInClassName, profileClassName, onNavigate }: AccountLinkProps) {
  const { token } = useAuth();
  const { data: user } = useCurrentUser();

  if (!token) {
    return (
      <Link href={routes.signIn} className={signInClassName} onClick={onNavigate}>
        Sign in
      </Link>
    );
  }
  return (
    <Link
      href={routes.profile}
      className={profileClassName}
      onClick={onNavigate}
      aria-label={user?.avatar_url ? "Your profile" : undefined}
    >
      {user?.avatar_url ? (
        <Avatar src={user.avatar_url} size="chat" />
      ) : (
        <span className="px-1 text-sm font-medium">Profile</span>
      )}
    </Link>
  );
}
