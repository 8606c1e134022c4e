import { Link } from "@/components/ui/link";
import { routes } from "@/lib/routes";
import { boardSettings } from "@/lib/board-settings";

type LogoProps = { inverted?: boolean; className?: string };

export function LogoMark({ inverted = false, className = "size-8" }: LogoProps) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="9" className={inverted ? "fill-white" : "fill-violet-600"} />
      <path
        d="M12.5 10.2v11.6a.8.8 0 0 0 1.2.7l9.2-5.8a.8.8 0 0 0 0-1.4l-9.2-5.8a.8.8 0 0 0-1.2.7Z"
        className={inverted ? "fill-violet-700" : "fill-white"}
      />
      <circle cx="24" cy="8.5" r="2.5" className="fill-amber-300" />
    </svg>
  );
}

export function Logo({ inverted = false, className = "" }: LogoProps) {
  return (
    <Link
      href={routes.home}
      className={`flex items-center gap-2.5 rounded-lg font-semibold tracking-tight ${className}`}
    >
      <LogoMark inverted={inverted} />
      <span className={`text-lg ${inverted ? "text-white" : "text-gray-900"}`}>
        {boardSettings().name}
      </span>
    </Link>
  );
}
