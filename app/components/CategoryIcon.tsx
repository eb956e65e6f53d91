import { Icon, type IconName } from "~/components/Icon";
import type { CategoryIconKey } from "~/models/category/category";

const ICONS: Record<CategoryIconKey, IconName> = {
  home: "house",
  sofa: "sofa",
  palette: "palette",
  hammer: "hammer",
  zap: "zap",
  "paint-bucket": "paint-bucket",
  "hard-hat": "hard-hat",
  car: "car",
  directions_car: "car-front",
  truck: "truck",
  bike: "bike",
  motor_racing_helmet: "motorbike",
  wrench: "wrench",
  smartphone: "smartphone",
  laptop: "laptop",
  tv: "tv",
  headphones: "headphones",
  camera: "camera",
  gamepad2: "gamepad-2",
  tablet: "tablet",
  watch: "watch",
  cpu: "cpu",
  monitor: "monitor",
  router: "router",
  settings: "settings",
  shirt: "shirt",
  sparkles: "sparkles",
  baby: "baby",
  gem: "gem",
  scissors: "scissors",
  briefcase: "briefcase",
  users: "users",
  "graduation-cap": "graduation-cap",
  stethoscope: "stethoscope",
  music: "music",
  guitar: "guitar",
  dumbbell: "dumbbell",
  book: "book",
  plane: "plane",
  utensils: "utensils",
  "tree-pine": "tree-pine",
  emprego: "briefcase-business",
  trator: "tractor",
  bicicleta: "bike",
  empresa: "building-2",
  clube: "trophy",
  handshake: "handshake",
  heart: "heart",
  paw: "paw-print",
  user: "user",
  dog: "dog",
};

/** The sprite icon of a category key; unknown or empty keys fall back to the home icon (spec 01 §3). */
export function categoryIconName(icon: string | null | undefined): IconName {
  const key = icon?.trim().toLowerCase() ?? "";
  return Object.hasOwn(ICONS, key) ? ICONS[key as CategoryIconKey] : "house";
}

/** Decorative icon of a category; unknown or empty keys fall back to the home icon (spec 01 §3). */
export function CategoryIcon({ icon, className = "h-6 w-6" }: { icon: string | null | undefined; className?: string }) {
  return <Icon name={categoryIconName(icon)} className={className} />;
}
