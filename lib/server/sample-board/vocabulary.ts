/**
 * The words the sample board is made of: company names, titles, places, pay and the building
 * blocks of job descriptions. Templates use {placeholders} that generate.ts fills in; every
 * bullet starts with a verb or a noun so it reads well in a list. ASCII apostrophes only.
 */
import type { DepartmentSlug, JobTypeSlug, RegionSlug } from "../../taxonomy";
import { WORLDWIDE_HIRING_COUNTRIES } from "@/features/jobs/locations";

export type Weighted<T> = readonly (readonly [T, number])[];
export type PlaceRegion = Exclude<RegionSlug, "remote">;
export type Level = "intern" | "junior" | "mid" | "senior" | "lead";
export type CompanyKind =
  "creator-brand" | "talent-agency" | "mcn" | "creator-platform" | "creator-tool" | "media-studio";

/** Names are `first + joiner + second` for every pair; `weight` is how often a kind uses it. */
export type NamePattern = {
  readonly weight: number;
  readonly first: readonly string[];
  readonly second: readonly string[];
  readonly joiner: string;
};

export type CompanyKindProfile = {
  /** Share of the sample companies that are of this kind. */
  readonly weight: number;
  readonly names: readonly NamePattern[];
  /** "{company} is <descriptor> <base>." */
  readonly descriptors: readonly string[];
  readonly activities: readonly string[];
  readonly proofPoints: readonly string[];
  /** Which departments this kind of company hires for, and how much. */
  readonly departments: Readonly<Record<DepartmentSlug, number>>;
};

/** A family of roles inside a department that share a description (video vs. graphic design). */
export type RoleTrack = {
  readonly weight: number;
  /** Used in "{n} years of experience in {area}". */
  readonly area: string;
  readonly titles: Readonly<Record<Level, readonly string[]>>;
  readonly intros: readonly string[];
  readonly responsibilities: readonly string[];
  readonly requirements: readonly string[];
  readonly niceToHaves: readonly string[];
};

export type DepartmentContent = {
  /** Yearly pay for a mid-level, full-time role in the United States, in USD. */
  readonly salary: readonly [min: number, max: number];
  readonly tracks: readonly RoleTrack[];
};

export type RemotePlace = {
  readonly label: string;
  readonly area: string;
  /**
   * The countries it accepts, where its label names none ("Remote (Worldwide)"): those the
   * company can hire in. Google lists a remote job only with them (issue 26).
   */
  readonly countries?: readonly string[];
};

// ---------------------------------------------------------------------------------------------
// Companies

export const NAME_STEMS = [
  "Alder",
  "Amber",
  "Arcade",
  "Atlas",
  "Aurora",
  "Beacon",
  "Birch",
  "Bluebird",
  "Bluewater",
  "Bramble",
  "Brightside",
  "Brightwater",
  "Canvas",
  "Cascade",
  "Cedar",
  "Clearwater",
  "Cloudberry",
  "Cobalt",
  "Copper",
  "Coral",
  "Crescent",
  "Dawnlight",
  "Daybreak",
  "Driftwood",
  "Dune",
  "Echo",
  "Ember",
  "Evergreen",
  "Everly",
  "Fable",
  "Fern",
  "Fieldnote",
  "Firefly",
  "Flint",
  "Foxglove",
  "Glasshouse",
  "Glow",
  "Goldcrest",
  "Goldleaf",
  "Granite",
  "Greenhouse",
  "Halo",
  "Harbor",
  "Hazel",
  "Hearth",
  "Highline",
  "Hillside",
  "Honeycomb",
  "Horizon",
  "Indigo",
  "Ironwood",
  "Jetstream",
  "Juniper",
  "Kestrel",
  "Keystone",
  "Kindred",
  "Kite",
  "Lakeside",
  "Lantern",
  "Lark",
  "Larkspur",
  "Lighthouse",
  "Lodestar",
  "Lumen",
  "Magnolia",
  "Maple",
  "Marigold",
  "Mariner",
  "Meridian",
  "Midnight",
  "Moonrise",
  "Mosaic",
  "Neon",
  "Nightjar",
  "Northlight",
  "Northwind",
  "Nova",
  "Oakwood",
  "Oasis",
  "Olive",
  "Orbit",
  "Overland",
  "Palisade",
  "Paloma",
  "Paperplane",
  "Parallel",
  "Pebble",
  "Pinecrest",
  "Pixel",
  "Poppy",
  "Prism",
  "Quicksilver",
  "Quill",
  "Redline",
  "Redwood",
  "Reverie",
  "Ripple",
  "Riverside",
  "Rosewood",
  "Rowan",
  "Sable",
  "Saffron",
  "Sage",
  "Saltwater",
  "Seabright",
  "Seaglass",
  "Signal",
  "Silverline",
  "Skyline",
  "Slate",
  "Solstice",
  "Spark",
  "Sparrow",
  "Starling",
  "Sterling",
  "Stillwater",
  "Summit",
  "Sunbeam",
  "Sunday",
  "Sundial",
  "Tamarind",
  "Tandem",
  "Tempo",
  "Thistle",
  "Tidewater",
  "Timber",
  "Topaz",
  "Trailhead",
  "Upfront",
  "Upland",
  "Vantage",
  "Velvet",
  "Verse",
  "Vesper",
  "Waypoint",
  "Wavelength",
  "Westward",
  "Whitecap",
  "Wildflower",
  "Willow",
  "Wren",
  "Zenith",
] as const;

const COMPOUND_PREFIXES = [
  "Brand",
  "Caption",
  "Cast",
  "Clip",
  "Collab",
  "Creator",
  "Crew",
  "Cue",
  "Deal",
  "Fan",
  "Frame",
  "Hype",
  "Link",
  "Loop",
  "Merch",
  "Muse",
  "Pitch",
  "Pod",
  "Post",
  "Promo",
  "Reel",
  "Short",
  "Sponsor",
  "Story",
  "Stream",
  "Sub",
  "Thumb",
  "Tip",
  "Vid",
  "Vlog",
];

/** Product lines of creator-led brands; the suffix is part of the company name. */
export const BRAND_LINES = [
  { suffix: "Beauty", label: "beauty", products: "makeup and skincare", niche: "beauty" },
  { suffix: "Skincare", label: "skincare", products: "skincare products", niche: "beauty" },
  { suffix: "Haircare", label: "haircare", products: "haircare products", niche: "beauty" },
  { suffix: "Coffee Co.", label: "coffee", products: "specialty coffee", niche: "food" },
  { suffix: "Snacks", label: "snack", products: "snacks", niche: "food" },
  {
    suffix: "Kitchen",
    label: "kitchenware",
    products: "cookware and kitchen tools",
    niche: "food",
  },
  { suffix: "Apparel", label: "apparel", products: "clothing", niche: "fashion" },
  { suffix: "Fitness", label: "fitness", products: "training gear", niche: "fitness" },
  {
    suffix: "Nutrition",
    label: "nutrition",
    products: "protein and hydration products",
    niche: "fitness",
  },
  { suffix: "Outdoors", label: "outdoor", products: "outdoor gear", niche: "outdoor adventure" },
  { suffix: "Pet Co.", label: "pet care", products: "pet food and accessories", niche: "pets" },
  { suffix: "Home", label: "home goods", products: "home goods", niche: "home and DIY" },
  { suffix: "Supply Co.", label: "lifestyle", products: "everyday essentials", niche: "lifestyle" },
  {
    suffix: "Paper Goods",
    label: "stationery",
    products: "notebooks and desk accessories",
    niche: "education",
  },
] as const;

const AMPERSAND_NAMES: NamePattern = {
  weight: 12,
  first: NAME_STEMS,
  second: NAME_STEMS,
  joiner: " & ",
};

const DEPARTMENT_MIX = (weights: Partial<Record<DepartmentSlug, number>>) =>
  ({
    administration: 2,
    "creator-partnerships": 2,
    design: 2,
    engineering: 1,
    finance: 3,
    "influencer-marketing": 2,
    legal: 1,
    marketing: 4,
    operations: 3,
    product: 1,
    sales: 3,
    support: 1,
    "talent-management": 1,
    ...weights,
  }) satisfies Record<DepartmentSlug, number>;

export const COMPANY_KINDS: Readonly<Record<CompanyKind, CompanyKindProfile>> = {
  "creator-brand": {
    weight: 19,
    names: [
      {
        weight: 88,
        first: NAME_STEMS,
        second: BRAND_LINES.map((line) => line.suffix),
        joiner: " ",
      },
      AMPERSAND_NAMES,
    ],
    descriptors: [
      "a creator-led {productLabel} brand",
      "a direct-to-consumer {productLabel} company started by a creator",
      "a fast-growing {productLabel} brand built with and for its online community",
    ],
    activities: [
      "We design, test and ship {products} that our community actually asked for, and we sell them online and in a growing number of retail stores.",
      "Our founder started by posting honest reviews and behind-the-scenes videos on {platform}; today the brand ships {products} to customers in more than 20 countries.",
      "Every launch starts with our audience: we develop {products} in public on {platform} and {platform2} and let the comments shape what we make.",
      "We sell {products} through our own Shopify store, Amazon and a handful of retail partners, and most of our growth still comes from creators who genuinely use them.",
    ],
    proofPoints: [
      "Since launching in {founded}, we have shipped more than {orders} orders.",
      "We are a team of {team}, profitable, and growing every quarter.",
      "Our community of {reach} followers is the reason we exist, and we treat it that way.",
    ],
    departments: DEPARTMENT_MIX({
      marketing: 20,
      "influencer-marketing": 22,
      "creator-partnerships": 8,
      operations: 12,
      design: 8,
      finance: 5,
      sales: 6,
      support: 7,
      administration: 4,
      product: 3,
      engineering: 3,
    }),
  },
  "talent-agency": {
    weight: 20,
    names: [
      {
        weight: 85,
        first: NAME_STEMS,
        second: [
          "Talent",
          "Management",
          "Talent Group",
          "Agency",
          "Partners",
          "Influence",
          "Social",
          "Creative Management",
          "Talent Co.",
        ],
        joiner: " ",
      },
      AMPERSAND_NAMES,
    ],
    descriptors: [
      "a talent management agency",
      "an independent talent agency representing creators in {niche} and beyond",
      "a boutique management company for digital creators",
      "an influencer marketing agency",
    ],
    activities: [
      "We represent creators across {platforms}, handling brand deals, long-term partnerships and the business side of their careers.",
      "We connect brands with creators who fit, then run campaigns end to end, from briefing and contracts to reporting.",
      "Our managers help creators build businesses that last: brand partnerships, licensing, books, tours and product lines.",
      "We plan and deliver influencer campaigns for consumer brands, with a focus on {niche} creators on {platform}.",
    ],
    proofPoints: [
      "Our roster includes more than {roster} creators with a combined reach of {reach} followers.",
      "Last year we closed over {deals} brand deals for our talent.",
      "Founded in {founded}, we have grown to a team of {team} across two offices.",
    ],
    departments: DEPARTMENT_MIX({
      "talent-management": 30,
      "influencer-marketing": 18,
      "creator-partnerships": 14,
      sales: 8,
      marketing: 6,
      administration: 6,
      finance: 5,
      legal: 4,
      operations: 5,
    }),
  },
  mcn: {
    weight: 8,
    names: [
      {
        weight: 100,
        first: NAME_STEMS,
        second: ["Network", "Media Group", "Digital", "Entertainment", "Media Network", "Channels"],
        joiner: " ",
      },
    ],
    descriptors: [
      "a multi-channel network",
      "a creator network and media company",
      "a digital media group",
    ],
    activities: [
      "We partner with YouTube and TikTok creators to grow their channels, manage rights and monetization, and open up new revenue through brand deals and licensing.",
      "Our network is strongest in {niche}, with in-house teams for audience development, rights management and ad sales.",
      "We help creators turn their channels into media businesses, with support for production, distribution, localization and brand partnerships.",
    ],
    proofPoints: [
      "Channels in our network earn more than {views} views a month.",
      "We work with over {roster} channels in more than 30 countries.",
      "Founded in {founded}, we are a team of {team}.",
    ],
    departments: DEPARTMENT_MIX({
      "creator-partnerships": 22,
      "talent-management": 14,
      operations: 10,
      "influencer-marketing": 10,
      design: 10,
      marketing: 8,
      sales: 8,
      finance: 5,
      legal: 5,
      administration: 4,
    }),
  },
  "creator-platform": {
    weight: 16,
    names: [
      {
        weight: 75,
        first: COMPOUND_PREFIXES,
        second: [
          "haus",
          "hub",
          "base",
          "nest",
          "club",
          "verse",
          "space",
          "spot",
          "circle",
          "yard",
          "stage",
          "ly",
        ],
        joiner: "",
      },
      { weight: 25, first: NAME_STEMS, second: ["Social", "Live", "Club"], joiner: " " },
    ],
    descriptors: [
      "a creator platform",
      "a membership and community platform for creators",
      "a platform that helps creators earn directly from their fans",
      "a marketplace that connects creators with brands",
    ],
    activities: [
      "Creators use {company} to sell memberships, digital products and paid communities, and keep a bigger share of what they earn.",
      "Our platform lets fans support the creators they love through subscriptions, tips and exclusive content.",
      "Brands come to {company} to find creators, agree terms and pay them in one place, so creators get paid on time and brands see what works.",
      "We build the tools creators need to run live events, courses and paid communities alongside their {platform} channels.",
    ],
    proofPoints: [
      "More than {creators} creators earn on {company} today, and we have paid out over {payouts} to date.",
      "We raised a Series {series} in {fundingYear} and are a team of {team}.",
      "Since {founded}, creators in more than 100 countries have built businesses on our platform.",
    ],
    departments: DEPARTMENT_MIX({
      engineering: 20,
      product: 12,
      "creator-partnerships": 14,
      marketing: 10,
      support: 10,
      design: 8,
      "influencer-marketing": 5,
      sales: 5,
      legal: 4,
      finance: 4,
      operations: 5,
    }),
  },
  "creator-tool": {
    weight: 18,
    names: [
      {
        weight: 75,
        first: COMPOUND_PREFIXES,
        second: [
          "wise",
          "kit",
          "flow",
          "stack",
          "deck",
          "pilot",
          "sync",
          "scout",
          "forge",
          "works",
          "desk",
          "metrics",
          "iq",
          "able",
        ],
        joiner: "",
      },
      {
        weight: 25,
        first: NAME_STEMS,
        second: ["Labs", "Software", "AI", "Analytics"],
        joiner: " ",
      },
    ],
    descriptors: [
      "a software company building tools for creators",
      "a SaaS company for creators and their teams",
      "a creator tools startup",
      "an analytics company for the creator economy",
    ],
    activities: [
      "Our software helps creators plan, edit and publish videos faster, with AI-assisted captions, clipping and scheduling across {platforms}.",
      "We give creators and agencies one dashboard for analytics, brand deal tracking and audience insights across {platforms}.",
      "{company} automates the busywork of a creator business: invoicing brands, tracking deliverables, managing rights and paying editors.",
      "We build the tools that turn long-form videos into short clips ready for TikTok, YouTube Shorts and Instagram Reels.",
    ],
    proofPoints: [
      "More than {creators} creators and {teams} agencies use our product every week.",
      "We are a team of {team}, backed by investors who know the creator economy, and we raised a Series {series} in {fundingYear}.",
      "Founded in {founded}, we are profitable and growing.",
    ],
    departments: DEPARTMENT_MIX({
      engineering: 22,
      product: 12,
      marketing: 12,
      sales: 12,
      support: 10,
      design: 8,
      "creator-partnerships": 6,
      "influencer-marketing": 5,
      finance: 4,
      operations: 4,
    }),
  },
  "media-studio": {
    weight: 19,
    names: [
      {
        weight: 88,
        first: NAME_STEMS,
        second: [
          "Studios",
          "Media",
          "Pictures",
          "Productions",
          "Creative",
          "Films",
          "Collective",
          "House",
          "Content Studio",
        ],
        joiner: " ",
      },
      AMPERSAND_NAMES,
    ],
    descriptors: [
      "an independent production studio",
      "a digital media studio",
      "a content studio",
      "a creator-led entertainment company",
    ],
    activities: [
      "We make shows for YouTube, podcasts and streaming platforms, from weekly series to feature documentaries.",
      "We produce branded content and original series with creators, turning big ideas into videos people choose to watch.",
      "Our studio runs {channels} channels in the {niche} space and produces content for brands that want to reach audiences on {platforms}.",
      "We develop, shoot and edit short-form and long-form video for creators and brands, with an in-house team of producers, editors and designers.",
    ],
    proofPoints: [
      "Our videos were watched more than {views} times last year.",
      "Founded in {founded}, we now have a team of {team} and our own studio space in {cityName}.",
      "Our series have won several industry awards, but we are proudest of the audience that comes back every week.",
    ],
    departments: DEPARTMENT_MIX({
      design: 22,
      operations: 12,
      marketing: 10,
      "creator-partnerships": 10,
      "influencer-marketing": 8,
      "talent-management": 6,
      sales: 6,
      administration: 6,
      finance: 4,
      legal: 3,
      product: 2,
    }),
  },
};

/** "{company} is a content studio, {base}." */
export const COMPANY_BASES = {
  office: ["based in {cityName}", "headquartered in {cityName}", "with an office in {cityName}"],
  remoteFirst: [
    "with a remote-first team and a small hub in {cityName}",
    "with a fully remote team and roots in {cityName}",
  ],
} as const;

export const COMPANY_CULTURE = [
  "We are a small team that values clear writing, kind feedback and shipping work we are proud of.",
  "We care about creators, treat them as partners and pay them on time.",
  "We work in the open, share what we learn and keep meetings to a minimum.",
  "We believe creators are the media companies of the future, and we want to help them build.",
  "We value curiosity, ownership and a good sense of humor.",
  "Our team is spread across several time zones, so we write things down and protect focus time.",
  "We hire people who are kind, direct and excited about the internet.",
] as const;

export const NICHES = [
  "beauty",
  "gaming",
  "food",
  "fitness",
  "personal finance",
  "travel",
  "tech",
  "parenting",
  "education",
  "comedy",
  "music",
  "fashion",
  "sports",
  "home and DIY",
  "wellness",
  "pets",
  "science",
  "lifestyle",
  "outdoor adventure",
] as const;

/** Where a company's audience lives; TikTok, YouTube and Instagram dominate the industry. */
export const PLATFORMS: Weighted<string> = [
  ["TikTok", 30],
  ["YouTube", 30],
  ["Instagram", 24],
  ["Twitch", 7],
  ["LinkedIn", 5],
  ["Snapchat", 4],
  ["Pinterest", 4],
  ["Spotify", 4],
  ["Facebook", 3],
];

/** Numbers quoted in company blurbs. */
export const COMPANY_FIGURES = {
  reach: [
    "3 million",
    "8 million",
    "12 million",
    "25 million",
    "40 million",
    "90 million",
    "150 million",
  ],
  views: ["50 million", "200 million", "600 million", "1 billion", "2.5 billion"],
  orders: ["100,000", "250,000", "500,000", "1 million", "2 million"],
  creators: ["20,000", "75,000", "200,000", "1 million"],
  payouts: ["$15 million", "$40 million", "$120 million", "$300 million", "$1 billion"],
  teams: ["150", "400", "900", "1,500"],
  series: ["A", "A", "B", "B", "C"],
} as const;

// ---------------------------------------------------------------------------------------------
// Places

/** Where companies have their main office. */
export const HEADQUARTERS_REGIONS: Weighted<PlaceRegion> = [
  ["united-states", 40],
  ["united-kingdom", 13],
  ["europe", 14],
  ["canada", 7],
  ["australia", 6],
  ["asia", 10],
  ["africa", 4],
  ["south-america", 6],
];

export const CITIES: Readonly<Record<PlaceRegion, readonly string[]>> = {
  "united-states": [
    "Los Angeles, CA",
    "Los Angeles, CA",
    "New York, NY",
    "New York, NY",
    "Brooklyn, NY",
    "Austin, TX",
    "San Francisco, CA",
    "Miami, FL",
    "Nashville, TN",
    "Chicago, IL",
    "Atlanta, GA",
    "Seattle, WA",
    "Denver, CO",
    "Santa Monica, CA",
    "Boston, MA",
    "Portland, OR",
  ],
  "united-kingdom": [
    "London, UK",
    "London, UK",
    "London, UK",
    "Manchester, UK",
    "Brighton, UK",
    "Bristol, UK",
    "Edinburgh, UK",
    "Leeds, UK",
    "Glasgow, UK",
  ],
  canada: [
    "Toronto, ON",
    "Toronto, ON",
    "Vancouver, BC",
    "Montreal, QC",
    "Calgary, AB",
    "Ottawa, ON",
  ],
  europe: [
    "Berlin, Germany",
    "Amsterdam, Netherlands",
    "Paris, France",
    "Stockholm, Sweden",
    "Barcelona, Spain",
    "Lisbon, Portugal",
    "Dublin, Ireland",
    "Milan, Italy",
    "Copenhagen, Denmark",
    "Warsaw, Poland",
    "Madrid, Spain",
    "Munich, Germany",
  ],
  australia: [
    "Sydney, NSW",
    "Sydney, NSW",
    "Melbourne, VIC",
    "Brisbane, QLD",
    "Perth, WA",
    "Adelaide, SA",
  ],
  asia: [
    "Singapore",
    "Tokyo, Japan",
    "Seoul, South Korea",
    "Mumbai, India",
    "Bengaluru, India",
    "Jakarta, Indonesia",
    "Manila, Philippines",
    "Hong Kong",
    "Bangkok, Thailand",
    "Dubai, UAE",
  ],
  africa: [
    "Lagos, Nigeria",
    "Nairobi, Kenya",
    "Cape Town, South Africa",
    "Johannesburg, South Africa",
    "Accra, Ghana",
    "Cairo, Egypt",
    "Kigali, Rwanda",
  ],
  "south-america": [
    "São Paulo, Brazil",
    "Rio de Janeiro, Brazil",
    "Buenos Aires, Argentina",
    "Bogotá, Colombia",
    "Medellín, Colombia",
    "Santiago, Chile",
    "Lima, Peru",
  ],
};

/** Remote roles are usually limited to time zones near the company's headquarters. */
export const REMOTE_PLACES: Readonly<Record<PlaceRegion, readonly RemotePlace[]>> = {
  "united-states": [
    { label: "Remote (US time zones)", area: "US time zones" },
    { label: "Remote (US)", area: "the United States" },
    { label: "Remote (North America)", area: "the US or Canada" },
  ],
  "united-kingdom": [
    { label: "Remote (UK)", area: "the UK" },
    { label: "Remote (UK and Europe)", area: "the UK or Europe" },
  ],
  canada: [
    { label: "Remote (Canada)", area: "Canada" },
    { label: "Remote (North America)", area: "the US or Canada" },
  ],
  europe: [
    { label: "Remote (Europe)", area: "Europe" },
    { label: "Remote (EMEA)", area: "Europe, the Middle East or Africa" },
    { label: "Remote (CET +/- 2 hours)", area: "a time zone within two hours of CET" },
  ],
  australia: [
    { label: "Remote (Australia)", area: "Australia" },
    { label: "Remote (APAC)", area: "the Asia-Pacific region" },
  ],
  asia: [
    { label: "Remote (APAC)", area: "the Asia-Pacific region" },
    { label: "Remote (Asia)", area: "Asia" },
  ],
  africa: [
    { label: "Remote (Africa)", area: "Africa" },
    { label: "Remote (EMEA)", area: "Europe, the Middle East or Africa" },
  ],
  "south-america": [
    { label: "Remote (Latin America)", area: "Latin America" },
    { label: "Remote (Americas)", area: "North or South America" },
  ],
};

export const WORLDWIDE_REMOTE: readonly RemotePlace[] = [
  { label: "Remote (Worldwide)", area: "any country", countries: WORLDWIDE_HIRING_COUNTRIES },
  {
    label: "Remote",
    area: "any country, with at least four hours of overlap with the team",
    countries: WORLDWIDE_HIRING_COUNTRIES,
  },
];

/** Pay relative to the United States; remote roles pay close to it. */
export const REGION_PAY: Readonly<Record<RegionSlug, number>> = {
  remote: 0.95,
  "united-states": 1,
  canada: 0.78,
  "united-kingdom": 0.76,
  europe: 0.72,
  australia: 0.82,
  asia: 0.5,
  africa: 0.36,
  "south-america": 0.42,
};

// ---------------------------------------------------------------------------------------------
// Jobs: type, level and pay

export const JOB_TYPE_WEIGHTS: Weighted<JobTypeSlug> = [
  ["full-time", 71],
  ["contractor", 14],
  ["part-time", 10],
  ["internship", 5],
];

export const LEVEL_WEIGHTS: Weighted<Exclude<Level, "intern">> = [
  ["junior", 19],
  ["mid", 44],
  ["senior", 26],
  ["lead", 11],
];

export const LEVEL_PAY: Readonly<Record<Exclude<Level, "intern">, number>> = {
  junior: 0.72,
  mid: 1,
  senior: 1.3,
  lead: 1.65,
};

/** Part-time pay is for the hours worked; contractors are paid a little more for less security. */
export const TYPE_PAY: Readonly<Record<Exclude<JobTypeSlug, "internship">, number>> = {
  "full-time": 1,
  "part-time": 0.52,
  contractor: 1.06,
};

/** Yearly equivalent of a paid internship in the United States, in USD. */
export const INTERNSHIP_PAY: readonly [min: number, max: number] = [30_000, 50_000];

export const EXPERIENCE: Readonly<Record<Level, readonly string[]>> = {
  intern: [
    "Currently studying, or graduated in the last year, with a real interest in {area}",
    "A genuine interest in {area} and the creator economy, shown through coursework, a side project or a channel of your own",
  ],
  junior: [
    "One to two years of experience in {area}, or a portfolio that shows what you can do",
    "Some professional experience in {area}, even if it was freelance or at a small team",
  ],
  mid: [
    "Three or more years of experience in {area}",
    "Solid experience in {area}, ideally at a creator-focused company, agency or startup",
  ],
  senior: [
    "Five or more years of experience in {area}, with work you can walk us through in detail",
    "Several years of experience in {area}, including ownership of large, visible projects",
  ],
  lead: [
    "Eight or more years of experience in {area}, including at least three years leading a team",
    "A track record of building and leading {area} teams at a growing company",
  ],
};

export const LEADERSHIP_RESPONSIBILITIES = [
  "Hire, coach and grow a team that sets the standard for {area} in the creator economy",
  "Set goals and strategy for {area} with the founders and leadership team",
  "Own the budget for {area} and report on results to the leadership team",
] as const;

// ---------------------------------------------------------------------------------------------
// Departments

export const DEPARTMENT_CONTENT: Readonly<Record<DepartmentSlug, DepartmentContent>> = {
  administration: {
    salary: [50_000, 76_000],
    tracks: [
      {
        weight: 1,
        area: "administration or executive support",
        titles: {
          intern: ["Administrative Intern", "Office Operations Intern"],
          junior: [
            "Administrative Assistant",
            "Office Coordinator",
            "Team Assistant",
            "Front Desk and Office Assistant",
          ],
          mid: [
            "Executive Assistant",
            "Office Manager",
            "Executive Assistant to the Founder",
            "Creator Assistant",
            "Studio Office Manager",
            "Executive Assistant to the CEO",
            "Business Administrator",
          ],
          senior: [
            "Senior Executive Assistant",
            "Office and Facilities Manager",
            "Workplace Experience Manager",
          ],
          lead: ["Chief of Staff", "Head of Administration", "Head of Workplace"],
        },
        intros: [
          "{company} is hiring {aTitle} to keep the business running smoothly behind the scenes. You will be the person our founders and team lean on to turn busy weeks into calm, well-organized ones.",
          "As our {title}, you will own the calendars, logistics and paperwork that let our creators and managers focus on their best work.",
          "We need {aTitle} who enjoys bringing order to a fast-moving creative team, from travel and shoot schedules to contracts and invoices.",
        ],
        responsibilities: [
          "Manage complex calendars for the founders and senior team, including shoots, brand meetings and travel",
          "Coordinate travel, accommodation and visas for creators attending events and brand trips",
          "Keep contracts, NDAs and brand agreements filed, tracked and easy to find",
          "Prepare agendas, take notes and follow up on action items from leadership meetings",
          "Run the day-to-day of our {cityName} office, from supplies and vendors to visitor bookings",
          "Process invoices and expense reports and help finance hit month-end deadlines",
          "Plan team offsites, creator meetups and our end-of-year party",
          "Screen and route inbound email, including brand deal inquiries and press requests",
          "Onboard new hires with equipment, accounts and a first-week schedule",
          "Maintain shared tools such as Notion, Google Workspace and Slack so the team can find what it needs",
          "Handle confidential information about talent, contracts and pay with discretion",
        ],
        requirements: [
          "Excellent written English and a calm, friendly phone manner",
          "Confidence with Google Workspace, Notion and calendar tools",
          "A track record of juggling several priorities without dropping details",
          "Sound judgment with sensitive and confidential information",
          "Comfort working with creative people whose schedules change at short notice",
          "Strong organizational skills and a habit of writing things down",
        ],
        niceToHaves: [
          "Experience supporting a YouTube creator, talent manager or agency founder",
          "Familiarity with QuickBooks, Xero or Expensify",
          "Event planning experience, especially creator events or brand activations",
          "A working knowledge of {platform} and how creators make money",
        ],
      },
    ],
  },
  "creator-partnerships": {
    salary: [70_000, 110_000],
    tracks: [
      {
        weight: 1,
        area: "creator partnerships",
        titles: {
          intern: ["Creator Partnerships Intern", "Partnerships Intern"],
          junior: [
            "Creator Partnerships Coordinator",
            "Partnerships Associate",
            "Creator Outreach Coordinator",
            "Creator Success Associate",
          ],
          mid: [
            "Creator Partnerships Manager",
            "Partnerships Manager",
            "Creator Success Manager",
            "Creator Acquisition Manager",
            "Brand Partnerships Manager",
            "Creator Program Manager",
            "Creator Relations Manager",
          ],
          senior: [
            "Senior Creator Partnerships Manager",
            "Creator Partnerships Lead",
            "Strategic Partnerships Lead",
            "Senior Brand Partnerships Manager",
          ],
          lead: [
            "Head of Creator Partnerships",
            "Director of Creator Partnerships",
            "VP of Partnerships",
            "Head of Creator Relations",
          ],
        },
        intros: [
          "We are looking for {aTitle} to build lasting relationships with the creators at the heart of {company}. You will find the right partners, bring them on board and help them grow.",
          "As our {title}, you will own a portfolio of creator relationships across {platforms} and turn them into partnerships that work for both sides.",
          "{company} works with hundreds of creators, and our {title} is the person who makes each of them feel looked after. You will combine relationship skills with a sharp eye for data.",
        ],
        responsibilities: [
          "Identify and recruit creators on {platform} and {platform2} who fit our audience and values",
          "Negotiate partnership terms, deliverables and rates, and keep agreements moving through legal",
          "Manage a portfolio of creator partners with regular check-ins and quarterly planning",
          "Build creator programs such as ambassador tiers, affiliate offers and early-access groups",
          "Track partnership performance and report on views, conversions and revenue",
          "Work with marketing to turn creator partnerships into campaigns, launches and live events",
          "Represent {company} at VidCon and other industry events and creator meetups",
          "Gather feedback from creators and share it with the product and content teams",
          "Keep our CRM up to date so everyone knows where each relationship stands",
          "Write outreach playbooks and templates the team can reuse",
          "Solve problems quickly when a deliverable slips or a creator needs support",
        ],
        requirements: [
          "A network of creators and managers on {platform}, or a proven ability to build one",
          "Strong negotiation skills and a fair, long-term approach to deals",
          "Clear, warm writing, including cold outreach that gets replies",
          "Comfort with spreadsheets and partnership metrics such as CPM, CPA and retention",
          "A deep understanding of how creators earn from brand deals, subscriptions and merch",
          "The organization to manage dozens of relationships at once",
        ],
        niceToHaves: [
          "Experience launching a creator fund, ambassador program or affiliate program",
          "Familiarity with tools such as Airtable, HubSpot or Grin",
          "Experience working with creators in the {niche} space",
          "A second language, for working with international creators",
        ],
      },
    ],
  },
  design: {
    salary: [64_000, 104_000],
    tracks: [
      {
        weight: 60,
        area: "video editing or motion design",
        titles: {
          intern: ["Video Editing Intern", "Motion Design Intern"],
          junior: [
            "Junior Video Editor",
            "Assistant Editor",
            "Junior Motion Designer",
            "Shorts Editor",
          ],
          mid: [
            "Video Editor",
            "YouTube Video Editor",
            "Short-Form Video Editor",
            "Motion Designer",
            "Motion Graphics Artist",
            "Colorist",
            "Documentary Editor",
            "Podcast Video Editor",
          ],
          senior: [
            "Senior Video Editor",
            "Senior Motion Designer",
            "Lead Editor",
            "Senior Colorist",
          ],
          lead: ["Head of Post-Production", "Post-Production Supervisor", "Creative Director"],
        },
        intros: [
          "{company} is looking for {aTitle} who can make a video impossible to click away from. You will work with creators and producers from rough cut to final export.",
          "As our {title}, you will turn hours of raw footage into stories that viewers on {platforms} watch to the end.",
          "We need {aTitle} with strong instincts for pacing, humor and story. Your edits will reach an audience that notices the details.",
        ],
        responsibilities: [
          "Edit long-form YouTube videos with tight pacing, sound design and clear story structure",
          "Cut vertical short-form videos for TikTok, YouTube Shorts and Instagram Reels",
          "Create motion graphics, titles and animated explainers in After Effects",
          "Color grade and mix audio so every episode feels consistent",
          "Pull selects and organize footage, proxies and project files",
          "Study audience retention graphs and turn them into better editing decisions",
          "Work with the creator on scripts and shot lists before filming",
          "Keep our library of templates, sound effects and brand assets up to date",
          "Deliver edits on deadline and handle feedback rounds calmly",
          "Try new formats, transitions and styles and share what works",
        ],
        requirements: [
          "A reel or portfolio of edits published on YouTube or TikTok",
          "Expert knowledge of Premiere Pro, DaVinci Resolve or Final Cut Pro",
          "A strong sense of pacing, music and comic timing",
          "Reliable file management and the ability to hit weekly deadlines",
          "Openness to feedback and the habit of asking why a cut works",
        ],
        niceToHaves: [
          "After Effects or Blender skills",
          "Experience editing for a channel with more than a million subscribers",
          "Color grading experience in DaVinci Resolve",
          "Experience with Frame.io review workflows",
          "A personal interest in {niche} content",
        ],
      },
      {
        weight: 40,
        area: "graphic, brand or product design",
        titles: {
          intern: ["Graphic Design Intern", "Design Intern"],
          junior: ["Junior Graphic Designer", "Junior Designer", "Thumbnail Designer"],
          mid: [
            "Graphic Designer",
            "Brand Designer",
            "Thumbnail Artist",
            "Product Designer",
            "Visual Designer",
            "UX Designer",
            "Merch Designer",
          ],
          senior: ["Senior Product Designer", "Senior Brand Designer", "Lead Designer"],
          lead: ["Head of Design", "Design Director", "Art Director"],
        },
        intros: [
          "{company} is hiring {aTitle} to shape how we look everywhere our audience finds us, from thumbnails and merch to our website and app.",
          "As our {title}, you will own visual work from first sketch to final file, and you will see it in front of a large audience quickly.",
          "We need {aTitle} who can move between brand, product and social work without losing the thread.",
        ],
        responsibilities: [
          "Design YouTube thumbnails and test variations to lift click-through rate",
          "Create social graphics and carousels for Instagram, TikTok and LinkedIn",
          "Build and maintain our brand guidelines, templates and design system",
          "Design product flows, prototypes and interfaces in Figma",
          "Design merch, packaging and print pieces for launches and live events",
          "Run quick user tests with creators and fans and share what you learn",
          "Work with engineers to ship polished, accessible interfaces",
          "Prepare assets for campaigns, pitch decks and sponsor reports",
          "Give and receive thoughtful design critique",
        ],
        requirements: [
          "A portfolio that shows strong visual craft and clear thinking",
          "Expert skills in Figma, Photoshop and Illustrator",
          "A good eye for typography, color and layout",
          "The ability to work fast when a video or launch is on deadline",
          "Clear explanations of design choices for people who are not designers",
        ],
        niceToHaves: [
          "Motion design skills in After Effects",
          "Experience designing for a creator-led brand or channel",
          "Knowledge of accessibility standards",
          "Illustration or 3D skills",
          "Experience with thumbnail A/B testing tools",
        ],
      },
    ],
  },
  engineering: {
    salary: [120_000, 172_000],
    tracks: [
      {
        weight: 65,
        area: "software engineering",
        titles: {
          intern: ["Software Engineering Intern"],
          junior: [
            "Junior Software Engineer",
            "Junior Frontend Engineer",
            "Associate Software Engineer",
          ],
          mid: [
            "Software Engineer",
            "Full-Stack Engineer",
            "Frontend Engineer",
            "Backend Engineer",
            "iOS Engineer",
            "Android Engineer",
            "Mobile Engineer (React Native)",
          ],
          senior: [
            "Senior Software Engineer",
            "Senior Full-Stack Engineer",
            "Senior Frontend Engineer",
            "Staff Engineer",
          ],
          lead: ["Engineering Manager", "Head of Engineering", "VP of Engineering", "CTO"],
        },
        intros: [
          "{company} is hiring {aTitle} to build the product creators rely on every day. You will ship features end to end, from database schema to the last pixel.",
          "As our {title}, you will work in a small product team that talks to creators every week and ships several times a day.",
          "We need {aTitle} who cares about fast, reliable software and the people using it. Thousands of creators on {platforms} depend on what we build.",
        ],
        responsibilities: [
          "Build and ship product features in TypeScript, React and Node.js",
          "Design APIs and data models that scale to millions of fans and creators",
          "Integrate with the YouTube, TikTok and Instagram APIs to pull analytics and publish content",
          "Improve performance, reliability and observability across the stack",
          "Write tests and review code, and help raise the quality bar for the team",
          "Work with design and product to scope features and cut them into small releases",
          "Build payment and payout flows on Stripe that creators can trust",
          "Take part in a fair on-call rotation and learn from incidents",
          "Talk to creators to understand their problems before writing code",
          "Improve our CI pipeline and developer tooling so everyone ships faster",
        ],
        requirements: [
          "Strong experience with TypeScript or another modern language, and the willingness to learn ours",
          "Experience building web applications with React, Next.js or a similar framework",
          "Comfort working across the frontend, the backend and the database",
          "Good judgment about trade-offs between speed and quality",
          "Clear writing in pull requests, docs and design notes",
          "Experience with PostgreSQL and writing efficient queries",
        ],
        niceToHaves: [
          "Experience with video processing, streaming or media pipelines",
          "Knowledge of the YouTube Data API or TikTok APIs",
          "Experience at an early-stage startup",
          "Experience with payments, marketplaces or fintech",
          "A side project, channel or open-source work you are proud of",
        ],
      },
      {
        weight: 35,
        area: "data or infrastructure engineering",
        titles: {
          intern: ["Data Science Intern"],
          junior: ["Junior Data Analyst", "Associate Data Engineer"],
          mid: [
            "Data Engineer",
            "Machine Learning Engineer",
            "Site Reliability Engineer",
            "Platform Engineer",
            "DevOps Engineer",
            "Data Scientist",
            "Analytics Engineer",
          ],
          senior: [
            "Senior Data Engineer",
            "Senior Machine Learning Engineer",
            "Senior Platform Engineer",
          ],
          lead: [
            "Head of Data",
            "Director of Infrastructure",
            "Machine Learning Engineering Manager",
          ],
        },
        intros: [
          "We are hiring {aTitle} to build the data and infrastructure behind {company}. Creators make decisions based on the numbers we give them, so the numbers need to be right.",
          "As our {title}, you will own systems that process millions of video views, payments and events every day.",
          "{company} is looking for {aTitle} to help us scale. You will work on pipelines, models and infrastructure the whole company depends on.",
        ],
        responsibilities: [
          "Build reliable pipelines that ingest analytics from YouTube, TikTok and Instagram",
          "Design and maintain our data warehouse and models in SQL and dbt",
          "Train and deploy models for recommendations, brand safety and creator discovery",
          "Run our infrastructure on AWS with Terraform and Kubernetes",
          "Watch cost, latency and uptime, and fix problems at the root",
          "Build internal dashboards and metrics that the product and partnerships teams trust",
          "Automate deployments and make it safe for engineers to ship often",
          "Design systems that hold up when a video goes viral and traffic spikes",
          "Document systems so the next person can understand them",
        ],
        requirements: [
          "Strong SQL and experience with Python or Go",
          "Experience running production systems on AWS, GCP or Azure",
          "Familiarity with data tools such as dbt, Airflow, BigQuery or Snowflake",
          "A habit of measuring before optimizing",
          "Clear communication with teammates who are not engineers",
        ],
        niceToHaves: [
          "Experience with recommendation systems or ranking",
          "Experience with video transcoding or large media storage",
          "Knowledge of privacy rules such as GDPR and CCPA",
          "Experience with LLMs and embedding search",
          "On-call experience at a consumer company",
        ],
      },
    ],
  },
  finance: {
    salary: [75_000, 116_000],
    tracks: [
      {
        weight: 1,
        area: "accounting or finance",
        titles: {
          intern: ["Finance Intern"],
          junior: [
            "Accounts Payable Specialist",
            "Finance Associate",
            "Bookkeeper",
            "Junior Accountant",
          ],
          mid: [
            "Accountant",
            "Financial Analyst",
            "Royalties Analyst",
            "Creator Payments Analyst",
            "FP&A Analyst",
            "Revenue Accountant",
            "Payroll and Payments Specialist",
          ],
          senior: [
            "Senior Accountant",
            "Senior Financial Analyst",
            "Controller",
            "Finance Manager",
          ],
          lead: ["Head of Finance", "VP of Finance", "CFO", "Director of FP&A"],
        },
        intros: [
          "{company} is looking for {aTitle} to keep our numbers accurate and our creators paid on time.",
          "As our {title}, you will help a fast-growing creator business make decisions with clear, reliable numbers.",
          "We are hiring {aTitle} who enjoys both the detail of a reconciliation and the bigger picture of where the business is going.",
        ],
        responsibilities: [
          "Run month-end close, reconciliations and journal entries",
          "Manage creator payouts, royalties and revenue shares accurately and on time",
          "Build the budget and forecast with department leads",
          "Track brand deal revenue from signed contract to cash collected",
          "Prepare reports for the founders, board and investors",
          "Manage accounts payable and receivable, and chase late brand payments",
          "Work with external accountants on audits, sales tax and VAT",
          "Improve finance systems and automate manual work in NetSuite or QuickBooks",
          "Model the economics of new products, pricing and partnerships",
          "Keep spending policies clear and easy to follow",
        ],
        requirements: [
          "Experience in accounting or finance, ideally at a media company, agency or startup",
          "Strong Excel or Google Sheets skills",
          "Experience with QuickBooks, Xero or NetSuite",
          "High attention to detail and a habit of double-checking",
          "Comfort explaining numbers to people who do not work in finance",
        ],
        niceToHaves: [
          "A CPA, ACA, ACCA or equivalent qualification",
          "Experience with YouTube AdSense revenue, platform payouts or royalty accounting",
          "Experience with multi-currency payments and international tax forms",
          "Experience with Stripe, Tipalti or Wise",
          "Startup fundraising experience",
        ],
      },
    ],
  },
  "influencer-marketing": {
    salary: [64_000, 100_000],
    tracks: [
      {
        weight: 1,
        area: "influencer marketing",
        titles: {
          intern: ["Influencer Marketing Intern"],
          junior: [
            "Influencer Marketing Coordinator",
            "Influencer Marketing Associate",
            "Campaign Coordinator",
            "Influencer Outreach Assistant",
          ],
          mid: [
            "Influencer Marketing Manager",
            "Influencer Campaign Manager",
            "Influencer Marketing Specialist",
            "Creator Marketing Manager",
            "Social and Influencer Strategist",
            "Campaign Manager",
            "UGC Program Manager",
            "Paid Social and Whitelisting Manager",
          ],
          senior: [
            "Senior Influencer Marketing Manager",
            "Influencer Marketing Lead",
            "Senior Campaign Manager",
            "Group Account Director",
          ],
          lead: [
            "Head of Influencer Marketing",
            "Director of Influencer Marketing",
            "VP of Influencer Marketing",
          ],
        },
        intros: [
          "{company} is hiring {aTitle} to plan and run creator campaigns from first brief to final report. You will work directly with creators on {platforms} and keep every campaign on track.",
          "As our {title}, you will turn a brand's goals into campaigns that creators are proud to post and audiences actually enjoy.",
          "We are looking for {aTitle} who knows the difference between a creator with followers and a creator with influence.",
        ],
        responsibilities: [
          "Plan influencer campaigns with clear goals, budgets and timelines",
          "Find and vet creators on TikTok, Instagram and YouTube for fit, audience and brand safety",
          "Negotiate rates, usage rights and deliverables for brand deals",
          "Write creative briefs that give creators direction without flattening their voice",
          "Manage content approvals, posting schedules and FTC disclosure rules",
          "Track results and report on reach, engagement, clicks and sales",
          "Run product seeding, gifting and UGC programs",
          "Amplify top-performing creator posts with paid whitelisting and Spark Ads",
          "Turn the best-performing creators into long-term ambassadors",
          "Keep campaign data organized in our influencer platform and spreadsheets",
        ],
        requirements: [
          "Hands-on experience running influencer campaigns for brands or at an agency",
          "Strong knowledge of {niche} creators on {platform}",
          "Confidence negotiating with creators and talent managers",
          "Excellent organization across many campaigns and deadlines",
          "An understanding of disclosure rules and brand safety",
        ],
        niceToHaves: [
          "Experience with CreatorIQ, Grin, Aspire or similar platforms",
          "Experience with TikTok Shop or affiliate programs",
          "Paid social experience on Meta and TikTok",
          "A network of talent managers and agencies",
          "Experience running international campaigns",
        ],
      },
    ],
  },
  legal: {
    salary: [110_000, 170_000],
    tracks: [
      {
        weight: 1,
        area: "commercial or media law",
        titles: {
          intern: ["Legal Intern"],
          junior: ["Paralegal", "Contracts Coordinator", "Legal Assistant"],
          mid: [
            "Contracts Manager",
            "Commercial Counsel",
            "Business Affairs Manager",
            "Rights and Clearances Manager",
            "Privacy Counsel",
            "Legal Counsel",
          ],
          senior: [
            "Senior Counsel",
            "Senior Business Affairs Manager",
            "Senior Commercial Counsel",
          ],
          lead: ["General Counsel", "Head of Legal", "Head of Business Affairs"],
        },
        intros: [
          "{company} is looking for {aTitle} who can protect the business while helping deals close quickly.",
          "As our {title}, you will advise on brand deals, talent agreements, intellectual property and the everyday legal questions of a creator business.",
          "We are hiring {aTitle} to bring practical, clear legal advice to a team that moves fast.",
        ],
        responsibilities: [
          "Draft and negotiate brand deal agreements, talent contracts and licensing deals",
          "Advise on intellectual property, music licensing and fair use in video content",
          "Handle copyright claims and Content ID disputes on YouTube",
          "Make sure sponsored content follows FTC, ASA and other advertising rules",
          "Review privacy practices and keep us compliant with GDPR and CCPA",
          "Build contract templates and playbooks that let the team close simple deals alone",
          "Support fundraising, employment and corporate matters with outside counsel",
          "Track obligations, renewals and exclusivity terms across our contracts",
          "Train the team on legal basics in plain language",
        ],
        requirements: [
          "Experience in commercial, media or entertainment law",
          "Excellent drafting and negotiation skills",
          "A practical, business-minded approach to risk",
          "The ability to explain legal issues clearly to creators and managers",
          "Discretion with confidential deals and personal information",
        ],
        niceToHaves: [
          "Experience at a talent agency, MCN or digital media company",
          "Knowledge of music licensing and clearances",
          "Qualification to practice in more than one jurisdiction",
          "Experience with contract management tools such as Ironclad",
          "Experience with influencer and advertising regulation",
        ],
      },
    ],
  },
  marketing: {
    salary: [70_000, 110_000],
    tracks: [
      {
        weight: 55,
        area: "social media or content marketing",
        titles: {
          intern: ["Social Media Intern", "Marketing Intern", "Content Marketing Intern"],
          junior: [
            "Social Media Coordinator",
            "Marketing Coordinator",
            "Content Coordinator",
            "Community Coordinator",
          ],
          mid: [
            "Social Media Manager",
            "Content Marketing Manager",
            "Community Manager",
            "TikTok Content Strategist",
            "Content Strategist",
            "Short-Form Content Producer",
            "YouTube Channel Manager",
            "Copywriter",
          ],
          senior: [
            "Senior Social Media Manager",
            "Senior Content Strategist",
            "Social Media Lead",
            "Senior Community Manager",
          ],
          lead: ["Head of Social", "Head of Content", "Director of Content Marketing"],
        },
        intros: [
          "{company} is hiring {aTitle} to grow our audience on {platforms}. You will decide what we post, when we post it and how we talk to our community.",
          "As our {title}, you will run our channels day to day and turn trends, customer stories and creator content into posts people share.",
          "We are looking for {aTitle} who lives on {platform} and knows why some posts take off while others sink.",
        ],
        responsibilities: [
          "Plan and publish a content calendar across {platforms}",
          "Write sharp, on-brand captions, hooks and scripts for short-form video",
          "Spot trends early on TikTok and Instagram and move quickly on them",
          "Film and edit simple videos yourself in CapCut when speed matters",
          "Grow and moderate our community in comments, DMs, Discord and Reddit",
          "Report weekly on reach, engagement and follower growth, and explain what changed",
          "Repurpose long-form YouTube videos and podcasts into clips and carousels",
          "Work with creators and influencer partners on collaborative posts",
          "Write newsletters, blog posts and landing page copy",
          "Test new formats and share what you learn with the team",
        ],
        requirements: [
          "A portfolio of accounts, posts or videos you have grown",
          "Excellent writing with a clear, human voice",
          "Deep, daily familiarity with {platform} and {platform2}",
          "Comfort with analytics tools such as Sprout Social, Later or native platform insights",
          "Good judgment about what fits the brand and what does not",
        ],
        niceToHaves: [
          "Basic video editing in CapCut or Premiere Pro",
          "Experience growing a personal channel or page",
          "Knowledge of YouTube SEO and search",
          "Experience with community platforms such as Discord or Circle",
          "Photography or design skills in Canva or Figma",
        ],
      },
      {
        weight: 45,
        area: "growth or brand marketing",
        titles: {
          intern: ["Growth Marketing Intern"],
          junior: [
            "Marketing Associate",
            "Growth Marketing Associate",
            "Email Marketing Coordinator",
          ],
          mid: [
            "Growth Marketing Manager",
            "Brand Marketing Manager",
            "Performance Marketing Manager",
            "Lifecycle Marketing Manager",
            "Product Marketing Manager",
            "SEO Manager",
            "Marketing Manager",
          ],
          senior: [
            "Senior Growth Marketing Manager",
            "Senior Product Marketing Manager",
            "Senior Brand Manager",
          ],
          lead: ["Head of Marketing", "VP of Marketing", "Director of Growth", "CMO"],
        },
        intros: [
          "{company} is looking for {aTitle} to turn attention into customers. You will own channels, experiments and the numbers behind them.",
          "As our {title}, you will shape how the world sees {company} and make sure every launch lands with the right audience.",
          "We are hiring {aTitle} to build a marketing engine that is measurable, creative and true to our brand.",
        ],
        responsibilities: [
          "Plan and run paid campaigns on Meta, TikTok and YouTube ads",
          "Own email and lifecycle programs in Klaviyo or Customer.io",
          "Run experiments on landing pages, pricing pages and onboarding",
          "Build launch plans with product, creators and partnerships",
          "Manage the marketing budget and report on acquisition cost and payback",
          "Develop positioning and messaging for {niche} audiences",
          "Work with the influencer team to amplify creator content with paid spend",
          "Improve SEO and content that brings in organic traffic",
          "Set up attribution and reporting in Google Analytics and our data warehouse",
          "Brief designers, editors and copywriters, and give clear feedback",
        ],
        requirements: [
          "A track record of campaigns that moved real business metrics",
          "Strong analytical skills and comfort with spreadsheets and dashboards",
          "Experience with paid social on Meta and TikTok",
          "Clear writing and the ability to explain a plan simply",
          "A good eye for creative that works on mobile",
        ],
        niceToHaves: [
          "Experience marketing to creators or small businesses",
          "Experience with ecommerce on Shopify",
          "SQL skills or experience with Looker or Amplitude",
          "Experience managing agencies",
          "Knowledge of the {niche} market",
        ],
      },
    ],
  },
  operations: {
    salary: [60_000, 95_000],
    tracks: [
      {
        weight: 1,
        area: "operations or production",
        titles: {
          intern: ["Operations Intern", "Production Intern"],
          junior: [
            "Operations Coordinator",
            "Production Assistant",
            "Production Coordinator",
            "Fulfillment Coordinator",
          ],
          mid: [
            "Operations Manager",
            "Producer",
            "Production Manager",
            "Business Operations Manager",
            "Supply Chain Manager",
            "Talent Operations Manager",
            "Content Operations Manager",
            "Project Manager",
          ],
          senior: ["Senior Producer", "Senior Operations Manager", "Senior Project Manager"],
          lead: ["Head of Operations", "COO", "Director of Production", "Executive Producer"],
        },
        intros: [
          "{company} is looking for {aTitle} to keep a busy content and business operation running on time and on budget.",
          "As our {title}, you will make sure shoots, launches and deliverables happen when they should, and fix whatever slows us down.",
          "We are hiring {aTitle} who loves systems, checklists and calm problem-solving under pressure.",
        ],
        responsibilities: [
          "Plan shoots, crews, locations and equipment for weekly video production",
          "Manage production schedules and budgets across several series",
          "Run inventory, fulfillment and 3PL relationships for merch and product drops",
          "Build processes in Notion, Airtable or Asana that help the team move faster",
          "Coordinate brand deal deliverables so every sponsor segment ships on time",
          "Manage vendors, freelancers and their contracts",
          "Track key operating metrics and flag problems early",
          "Handle permits, insurance and health and safety on set",
          "Support hiring and onboarding for freelancers and new teammates",
          "Lead reviews after launches and turn the lessons into better processes",
        ],
        requirements: [
          "Experience in operations, production or project management",
          "Strong organization and the ability to juggle many moving parts",
          "Confidence with spreadsheets, budgets and project management tools",
          "Clear, direct communication with creators, crew and vendors",
          "Composure and good humor when plans change",
        ],
        niceToHaves: [
          "Experience producing YouTube or streaming content",
          "Experience with Shopify and ecommerce fulfillment",
          "A driver's license and willingness to travel for shoots",
          "Experience with Frame.io, Monday.com or Asana",
          "Experience in live events",
        ],
      },
    ],
  },
  product: {
    salary: [115_000, 165_000],
    tracks: [
      {
        weight: 1,
        area: "product management",
        titles: {
          intern: ["Product Management Intern", "Product Intern"],
          junior: ["Associate Product Manager", "Product Analyst", "Junior Product Manager"],
          mid: [
            "Product Manager",
            "Product Manager, Creator Tools",
            "Product Manager, Monetization",
            "Product Manager, Growth",
            "Technical Product Manager",
            "UX Researcher",
            "Product Operations Manager",
          ],
          senior: [
            "Senior Product Manager",
            "Senior Product Manager, Payments",
            "Group Product Manager",
            "Senior UX Researcher",
          ],
          lead: [
            "Head of Product",
            "VP of Product",
            "Director of Product",
            "Chief Product Officer",
          ],
        },
        intros: [
          "{company} is hiring {aTitle} to decide what we build next and why. You will spend real time with creators and turn what you learn into products they love.",
          "As our {title}, you will work with engineering and design to ship features that help creators on {platforms} earn more and work less.",
          "We need {aTitle} who is equally comfortable in a spreadsheet, a user interview and a design review.",
        ],
        responsibilities: [
          "Talk to creators every week and turn their problems into clear product opportunities",
          "Write crisp product specs and keep the team focused on outcomes",
          "Prioritize the roadmap with engineering, design and leadership",
          "Define success metrics and analyze results after launch",
          "Run experiments on onboarding, pricing and monetization features",
          "Work with partnerships and support to learn what is not working",
          "Plan launches with marketing and write release notes creators actually read",
          "Track changes on YouTube, TikTok and Instagram that affect our product",
          "Say no to good ideas so the team can do great ones",
        ],
        requirements: [
          "Experience as a product manager or in a closely related role",
          "Strong analytical skills and comfort with SQL or tools such as Amplitude",
          "Excellent written communication",
          "Experience working closely with engineers and designers",
          "Genuine curiosity about creators and how they run their businesses",
        ],
        niceToHaves: [
          "Experience building for creators, marketplaces or payments",
          "A technical background",
          "Experience with subscription or membership products",
          "Experience with mobile apps",
          "A channel, newsletter or podcast of your own",
        ],
      },
    ],
  },
  sales: {
    salary: [70_000, 115_000],
    tracks: [
      {
        weight: 1,
        area: "sales or business development",
        titles: {
          intern: ["Sales Intern", "Business Development Intern"],
          junior: [
            "Sales Development Representative",
            "Business Development Representative",
            "Sales Coordinator",
            "Ad Sales Coordinator",
          ],
          mid: [
            "Account Executive",
            "Brand Sales Manager",
            "Business Development Manager",
            "Account Manager",
            "Sponsorship Sales Manager",
            "Partnerships Sales Manager",
            "Customer Success Manager",
          ],
          senior: [
            "Senior Account Executive",
            "Enterprise Account Executive",
            "Senior Business Development Manager",
            "Sales Lead",
          ],
          lead: [
            "Head of Sales",
            "VP of Sales",
            "Director of Brand Partnerships",
            "Chief Revenue Officer",
          ],
        },
        intros: [
          "{company} is looking for {aTitle} to grow revenue with brands, agencies and businesses that want to work with creators.",
          "As our {title}, you will own the full sales cycle, from first outreach to signed contract and renewal.",
          "We are hiring {aTitle} who enjoys the hunt, builds trust quickly and knows the creator economy well enough to sell it.",
        ],
        responsibilities: [
          "Build pipeline with consumer brands and media agencies through outreach and referrals",
          "Run discovery calls and demos, and write proposals that answer the client's real problem",
          "Sell sponsorship packages across YouTube integrations, TikTok series and podcast reads",
          "Negotiate contracts and close deals at healthy margins",
          "Keep HubSpot or Salesforce accurate so forecasts are reliable",
          "Hand accounts over smoothly to campaign teams and stay involved in renewals",
          "Work with marketing on case studies, events and campaigns that bring in leads",
          "Share market feedback with product and leadership",
          "Hit and beat quarterly revenue targets",
        ],
        requirements: [
          "A record of hitting sales targets in media, advertising or SaaS",
          "Strong presentation and negotiation skills",
          "Experience managing a pipeline in HubSpot or Salesforce",
          "Resilience, curiosity and a sense of humor about rejection",
          "An understanding of how brands buy creator and influencer media",
        ],
        niceToHaves: [
          "Existing relationships with brand marketers or media agencies",
          "Experience selling to creators or creator teams",
          "Experience with usage-based or subscription pricing",
          "Experience selling into the {niche} category",
          "A second language",
        ],
      },
    ],
  },
  support: {
    salary: [45_000, 68_000],
    tracks: [
      {
        weight: 1,
        area: "customer support",
        titles: {
          intern: ["Customer Support Intern"],
          junior: [
            "Customer Support Associate",
            "Creator Support Specialist",
            "Community Moderator",
            "Support Agent",
          ],
          mid: [
            "Customer Support Specialist",
            "Creator Support Manager",
            "Trust and Safety Specialist",
            "Technical Support Engineer",
            "Customer Experience Specialist",
            "Community Support Manager",
          ],
          senior: [
            "Senior Creator Support Specialist",
            "Support Team Lead",
            "Senior Trust and Safety Analyst",
          ],
          lead: ["Head of Support", "Head of Customer Experience", "Director of Trust and Safety"],
        },
        intros: [
          "{company} is hiring {aTitle} to help creators and fans get the most out of our product. You will be the voice people hear when something goes wrong.",
          "As our {title}, you will answer questions, solve problems and make sure every creator who contacts us leaves happier than they arrived.",
          "We are looking for {aTitle} who is patient, curious and quick to spot the pattern behind a problem.",
        ],
        responsibilities: [
          "Answer creator and fan questions by email, chat and social in Zendesk or Intercom",
          "Troubleshoot account, payout and payment issues with care and speed",
          "Write and update help center articles and saved replies",
          "Spot trends in tickets and share them with product and engineering",
          "Review reported content and enforce community guidelines fairly",
          "Help creators with onboarding, setup and best practices",
          "Handle escalations from high-profile creators and their managers",
          "Track satisfaction and response times and help the team hit its goals",
          "Test new features and report bugs with clear steps to reproduce",
        ],
        requirements: [
          "Experience in customer support, community management or a similar role",
          "Clear, friendly written English",
          "Patience and good judgment with frustrated customers",
          "Comfort with support tools such as Zendesk, Intercom or Front",
          "Familiarity with the creator economy and platforms such as {platform}",
        ],
        niceToHaves: [
          "Fluency in Spanish, Portuguese or another language",
          "Experience with payments or payout support",
          "Trust and safety or content moderation experience",
          "Basic technical skills such as reading logs or calling an API",
          "Experience supporting a membership or subscription product",
        ],
      },
    ],
  },
  "talent-management": {
    salary: [64_000, 110_000],
    tracks: [
      {
        weight: 1,
        area: "talent management",
        titles: {
          intern: ["Talent Management Intern", "Talent Intern"],
          junior: [
            "Talent Coordinator",
            "Talent Assistant",
            "Junior Talent Manager",
            "Talent Associate",
          ],
          mid: [
            "Talent Manager",
            "Creator Manager",
            "Influencer Talent Manager",
            "Talent Agent",
            "Brand Partnerships Agent",
            "Talent Booker",
            "Creator Development Manager",
          ],
          senior: ["Senior Talent Manager", "Senior Talent Agent", "Talent Lead"],
          lead: ["Head of Talent", "Director of Talent Management", "VP of Talent"],
        },
        intros: [
          "{company} is looking for {aTitle} to guide the careers of a roster of creators on {platforms}. You will be their advocate, strategist and first call.",
          "As our {title}, you will help creators grow their businesses through brand deals, new formats and smart long-term decisions.",
          "We are hiring {aTitle} who can spot talent early, build trust and negotiate hard on a creator's behalf.",
        ],
        responsibilities: [
          "Manage the day-to-day business of a roster of creators",
          "Source, pitch and negotiate brand deals and long-term sponsorships",
          "Plan content strategy and growth goals with each creator",
          "Review contracts with legal and protect creators' rights and usage terms",
          "Scout new talent on TikTok, YouTube and Instagram and bring them onto the roster",
          "Coordinate deliverables, approvals and payments for every campaign",
          "Open doors to new revenue such as merch, books, live tours and licensing",
          "Support creators' wellbeing and help them manage burnout and online pressure",
          "Build relationships with brands, agencies and platform partner managers",
          "Keep rosters, rate cards and media kits up to date",
        ],
        requirements: [
          "Experience in talent management, agency work or creator partnerships",
          "Strong negotiation skills and a good feel for creator rates",
          "A network of brand and agency contacts",
          "Excellent organization and quick, professional communication",
          "Genuine care for creators and their long-term careers",
        ],
        niceToHaves: [
          "Relationships with creators who may want to join the roster",
          "Experience with creators in the {niche} space",
          "Knowledge of music, publishing or TV deals",
          "Experience with Airtable, HubSpot or a talent CRM",
          "A background in PR or entertainment",
        ],
      },
    ],
  },
};

// ---------------------------------------------------------------------------------------------
// Description sections shared by every department

export const SECTION_HEADINGS = {
  role: ["About the role", "The role", "What this role is about", "Your role"],
  responsibilities: [
    "What you'll do",
    "Responsibilities",
    "What you will work on",
    "Your day to day",
  ],
  requirements: ["What we're looking for", "Requirements", "About you", "What you bring"],
  niceToHaves: ["Nice to have", "Bonus points", "It's a plus if you have"],
  benefits: ["What we offer", "Benefits", "Perks and benefits", "Why you'll like it here"],
} as const;

export const ENGAGEMENT: Readonly<Record<JobTypeSlug, readonly string[]>> = {
  "full-time": [
    "This is a full-time, permanent position.",
    "This is a full-time role with a competitive salary and benefits.",
    "The position is full-time and permanent, with a three-month onboarding plan to help you settle in.",
  ],
  "part-time": [
    "This is a part-time role of about {hours} hours a week, and you can choose the days that suit you.",
    "The role is part-time, around {hours} hours a week, with the option to grow the hours over time.",
  ],
  contractor: [
    "This is a {months}-month contract with a good chance of extension.",
    "We are hiring on a contract basis for {months} months, paid monthly on invoice.",
    "This is a freelance contract of around {hours} hours a week for the next {months} months.",
  ],
  internship: [
    "This is a paid {weeks}-week internship with a dedicated mentor.",
    "The internship is paid, lasts {weeks} weeks, and ends with a project you present to the whole company.",
  ],
};

export const WORKPLACE = {
  remote: [
    "The role is fully remote and open to people based in {remoteArea}.",
    "We are a remote team, and this role is open to anyone based in {remoteArea}; we meet in person twice a year.",
    "This is a remote position for candidates based in {remoteArea}, with a home office budget to set you up.",
  ],
  office: [
    "You will work from our {cityName} office, with Fridays at home.",
    "The role is based in {cityName}, where the team is in the office three days a week.",
    "We work together in person in {cityName} most days, because shoots and edits move faster side by side.",
    "The role is hybrid, with two or three days a week at our space in {cityName}.",
  ],
} as const;

export const BENEFITS: Readonly<Record<JobTypeSlug, readonly string[]>> = {
  "full-time": [
    "Competitive salary and equity",
    "Comprehensive health, dental and vision cover",
    "{pto} days of paid time off plus public holidays",
    "A yearly learning budget of {budget}",
    "A home office stipend and the creator gear you need",
    "Paid parental leave",
    "A retirement plan with employer matching",
    "An annual team retreat",
    "Flexible working hours",
    "Mental health support and a wellness allowance",
    "A budget for conferences and creator events such as VidCon",
    "Subscriptions to the creator tools you need",
  ],
  "part-time": [
    "Flexible hours that fit around your other commitments",
    "Pro-rated paid time off",
    "A learning budget for courses and workshops",
    "A home office stipend",
    "A supportive team and clear weekly priorities",
  ],
  contractor: [
    "Competitive rates, paid on time every month",
    "Flexible hours and full control of your schedule",
    "Clear briefs and a single point of contact",
    "Access to our software, stock libraries and tools",
    "The possibility of a longer engagement or a permanent role",
  ],
  internship: [
    "A paid stipend",
    "A dedicated mentor and weekly one-to-ones",
    "Real projects that ship to a real audience",
    "The chance of a full-time offer at the end of the program",
    "Workshops with our creators and leadership team",
  ],
};

export const CLOSINGS = [
  "We read every application. If the role sounds like you but you do not tick every box, please apply anyway.",
  "{company} is an equal opportunity employer. We welcome applicants of every background and are happy to make adjustments to the interview process.",
  "Our interview process has three short stages: an intro call, a practical exercise that we pay for, and a conversation with the team.",
  "Tell us about a creator, video or campaign you love and why. We care more about how you think than where you have worked.",
  "We aim to reply to every applicant within two weeks.",
  "Applications are reviewed on a rolling basis, so we encourage you to apply soon.",
] as const;
