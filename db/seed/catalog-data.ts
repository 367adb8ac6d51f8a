// The demo catalogue: invented, neutral names only. Every clip is a synthetic
// test pattern from db/seed/media (see its README).

export const CATEGORIES = [
  {
    slug: "swing",
    nameEn: "Swing",
    nameEs: "Swing",
    color: "#f97316",
    aliases: ["swinger-group-sex"],
    mainTagEn: "swing",
    mainTagEs: "swing",
  },
  {
    slug: "hotwife",
    nameEn: "Hotwife",
    nameEs: "Hotwife",
    color: "#ec4899",
    aliases: ["hotwife-cuckold"],
    mainTagEn: "hotwife",
    mainTagEs: "hotwife",
  },
  { slug: "bdsm", nameEn: "BDSM", nameEs: "BDSM", color: "#a855f7", aliases: ["dominatrix-bdsm"], mainTagEn: "bdsm", mainTagEs: "bdsm" },
  { slug: "feet", nameEn: "Feet", nameEs: "Pies", color: "#14b8a6", aliases: ["feet-fetish"], mainTagEn: "feet", mainTagEs: "pies" },
  { slug: "woman", nameEn: "Woman", nameEs: "Mujer", color: "#ef4444", aliases: [], mainTagEn: "woman", mainTagEs: "mujer" },
  { slug: "trans", nameEn: "Trans", nameEs: "Trans", color: "#3b82f6", aliases: ["trans-woman"], mainTagEn: "trans", mainTagEs: "trans" },
] as const;

export const CREATORS = [
  {
    name: "Aurora Vale",
    bio: "Colour studies and slow gradients. New loops every week.",
    bioEs: "Estudios de color y degradados lentos. Bucles nuevos cada semana.",
    followers: 18200,
    verified: true,
  },
  {
    name: "Nova Reyes",
    bio: "Geometric motion, bold palettes and a love of test cards.",
    bioEs: "Movimiento geométrico, paletas atrevidas y pasión por las cartas de ajuste.",
    followers: 9400,
    verified: true,
  },
  {
    name: "Luna Ferro",
    bio: "Minimal loops for late evenings.",
    bioEs: "Bucles mínimos para las noches tranquilas.",
    followers: 5100,
    verified: false,
  },
  {
    name: "Iris Montaño",
    bio: "Fractal explorer. Zooming further every day.",
    bioEs: "Exploradora de fractales. Cada día un zoom más profundo.",
    followers: 22700,
    verified: true,
  },
  {
    name: "Kai Solano",
    bio: "Cellular automata and other tiny worlds.",
    bioEs: "Autómatas celulares y otros mundos diminutos.",
    followers: 3300,
    verified: false,
  },
  {
    name: "Sol Marin",
    bio: "Warm tones, soft focus, short clips.",
    bioEs: "Tonos cálidos, enfoque suave, clips cortos.",
    followers: 12800,
    verified: false,
  },
  {
    name: "Vega Lux",
    bio: "Bars, grids and signal patterns from the broadcast era.",
    bioEs: "Barras, cuadrículas y señales de la era de la televisión analógica.",
    followers: 7600,
    verified: true,
  },
  {
    name: "Rio Castell",
    bio: "Abstract motion from the coast.",
    bioEs: "Movimiento abstracto desde la costa.",
    followers: 2100,
    verified: false,
  },
] as const;

export const CHANNEL_SITES = [
  { name: "Example Studio", url: "https://studio.example.com", producerLink: "https://studio.example.com/producers" },
  { name: "Sample Channel", url: "https://channel.example.org", producerLink: null },
  { name: "Demo Network", url: "https://network.example.net", producerLink: "https://network.example.net/about" },
] as const;

/** [slug (English), English name, Spanish name] */
export const TAGS: ReadonlyArray<readonly [string, string, string]> = [
  ["hetero", "hetero", "hetero"],
  ["gay", "gay", "gay"],
  ["trans", "trans", "trans"],
  ["amateur", "amateur", "amateur"],
  ["professional", "professional", "profesional"],
  ["couple", "couple", "pareja"],
  ["solo", "solo", "solo"],
  ["blonde", "blonde", "rubia"],
  ["brunette", "brunette", "morena"],
  ["redhead", "redhead", "pelirroja"],
  ["lingerie", "lingerie", "lencería"],
  ["cosplay", "cosplay", "cosplay"],
  ["fetish", "fetish", "fetiche"],
  ["feet", "feet", "pies"],
  ["heels", "heels", "tacones"],
  ["latex", "latex", "látex"],
  ["leather", "leather", "cuero"],
  ["role-play", "role-play", "juego de rol"],
  ["outdoor", "outdoor", "exterior"],
  ["indoor", "indoor", "interior"],
  ["dance", "dance", "baile"],
  ["slow-motion", "slow motion", "cámara lenta"],
  ["close-up", "close-up", "primer plano"],
  ["pov", "POV", "POV"],
  ["vintage", "vintage", "vintage"],
  ["neon", "neon", "neón"],
  ["sunset", "sunset", "atardecer"],
  ["beach", "beach", "playa"],
  ["mirror", "mirror", "espejo"],
  ["shower", "shower", "ducha"],
  ["massage", "massage", "masaje"],
  ["tattoo", "tattoo", "tatuaje"],
  ["curvy", "curvy", "curvilínea"],
  ["petite", "petite", "menuda"],
  ["mature", "mature", "madura"],
  ["teasing", "teasing", "provocación"],
  ["romantic", "romantic", "romántico"],
  ["party", "party", "fiesta"],
  ["swing", "swing", "swing"],
  ["hotwife", "hotwife", "hotwife"],
  ["bdsm", "BDSM", "BDSM"],
  ["woman", "woman", "mujer"],
];

/** Words of the invented demo titles (also used by the bulk seed, in SQL). */
export const ADJECTIVES = [
  "Neon",
  "Quiet",
  "Golden",
  "Electric",
  "Velvet",
  "Midnight",
  "Crystal",
  "Silent",
  "Amber",
  "Cobalt",
  "Scarlet",
  "Lunar",
];
export const NOUNS = ["Drift", "Bloom", "Signal", "Cascade", "Orbit", "Pulse", "Horizon", "Mirage", "Echo", "Spiral", "Tide", "Glow"];

/** A neutral demo title, stable for a given index. */
export function demoTitle(index: number): string {
  const adjective = ADJECTIVES[index % ADJECTIVES.length];
  const noun = NOUNS[Math.floor(index / ADJECTIVES.length + index) % NOUNS.length];
  return `${adjective} ${noun} ${String(index + 1).padStart(2, "0")}`;
}

/** A small deterministic PRNG so the demo catalogue is the same on every machine. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
