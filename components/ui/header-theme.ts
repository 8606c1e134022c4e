/** Class names for the two header themes (spec §2: violet on home, listing and job pages). */
export type HeaderTheme = "light" | "violet";

export const headerThemes = {
  light: {
    bar: "border-b border-gray-200 bg-white/95 text-gray-900 backdrop-blur",
    link: "text-gray-700 hover:bg-gray-100 hover:text-gray-950 aria-[current=page]:text-violet-700",
    focus: "focus-visible:outline-violet-600",
    primaryButton: "bg-violet-600 text-white hover:bg-violet-700",
    iconButton: "text-gray-700 hover:bg-gray-100",
  },
  violet: {
    bar: "bg-violet-700 text-white",
    link: "text-violet-100 hover:bg-white/10 hover:text-white aria-[current=page]:text-white",
    focus: "focus-visible:outline-white",
    primaryButton: "bg-white text-violet-700 hover:bg-violet-50",
    iconButton: "text-white hover:bg-white/10",
  },
} as const;
