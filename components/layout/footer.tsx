import { SpriteIcon } from "@/components/ui/sprite-icon";
import { footerColumns, newsletterLink, socialLinks } from "@/components/layout/navigation";
import { NavAnchor } from "@/components/layout/nav-anchor";
import { LogoMark } from "@/components/ui/logo";
import { boardSettings, contactMailto } from "@/lib/board-settings";
import { COPYRIGHT_YEAR } from "@/lib/site";

const linkClass = "footer-link";

export function Footer() {
  const settings = boardSettings();
  const newsletter = newsletterLink(settings);
  return (
    <footer className="bg-gray-950 text-gray-400" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-8 border-b border-white/10 pb-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-md">
            <h3 className="flex items-center gap-2.5 text-lg font-semibold text-white">
              <LogoMark />
              {settings.name}
            </h3>
            <p className="mt-3 text-sm leading-6">
              {settings.tagline}. Hand-picked roles at creator-led brands, agencies, platforms and
              the tools that power them.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <NavAnchor
              link={newsletter}
              plain
              className="inline-flex items-center gap-2 rounded-lg bg-violet-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
            >
              {newsletter.label}
              <SpriteIcon name="arrow-right" className="size-4" />
            </NavAnchor>
            {socialLinks(settings).map((link) => (
              <NavAnchor
                key={link.href}
                link={link}
                className="inline-flex items-center rounded-lg px-4 py-2.5 text-sm font-semibold text-white ring-1 ring-white/20 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
              />
            ))}
          </div>
        </div>

        <div className="grid grid-cols-2 gap-8 py-10 sm:grid-cols-3 lg:grid-cols-5">
          {footerColumns().map((column) => (
            <nav key={column.label} aria-label={column.label}>
              <h3 className="text-sm font-semibold text-white">{column.label}</h3>
              <ul role="list" className="mt-4 space-y-2.5">
                {column.items.map((item) => (
                  <li key={item.href}>
                    <NavAnchor link={item} className={linkClass} plain />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="flex flex-col gap-4 border-t border-white/10 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            &copy; {COPYRIGHT_YEAR} {settings.name}. All rights reserved.
          </p>
          <a
            href={contactMailto(settings)}
            className={`inline-flex items-center gap-2 ${linkClass}`}
          >
            <SpriteIcon name="envelope" className="size-4" />
            Support: {settings.contactEmail}
          </a>
        </div>
      </div>
    </footer>
  );
}
