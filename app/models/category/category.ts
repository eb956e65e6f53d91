/** The icon keys a category may store (spec 01 §3), grouped as the admin picker shows them. Shared by the UI and the seed. */
export const CATEGORY_ICON_GROUPS = [
  { label: "Imóveis & Casa", keys: ["home", "sofa", "palette", "hammer", "zap", "paint-bucket", "hard-hat"] },
  { label: "Veículos", keys: ["car", "directions_car", "truck", "bike", "motor_racing_helmet", "wrench"] },
  {
    label: "Eletrônicos",
    keys: [
      "smartphone",
      "laptop",
      "tv",
      "headphones",
      "camera",
      "gamepad2",
      "tablet",
      "watch",
      "cpu",
      "monitor",
      "router",
      "settings",
    ],
  },
  { label: "Moda & Beleza", keys: ["shirt", "sparkles", "baby", "gem", "scissors"] },
  { label: "Serviços", keys: ["briefcase", "users", "graduation-cap", "stethoscope"] },
  { label: "Lazer", keys: ["music", "guitar", "dumbbell", "book", "plane", "utensils", "tree-pine"] },
  {
    label: "Outros",
    keys: ["emprego", "trator", "bicicleta", "empresa", "clube", "handshake", "heart", "paw", "user", "dog"],
  },
] as const;

export type CategoryIconKey = (typeof CATEGORY_ICON_GROUPS)[number]["keys"][number];

export const CATEGORY_ICON_KEYS: readonly CategoryIconKey[] = CATEGORY_ICON_GROUPS.flatMap((group) => group.keys);

/** How a characteristic's value is typed and validated (spec 02 §3). */
export const CHARACTERISTIC_DATA_TYPES = ["text", "number", "date", "boolean", "select"] as const;
export type CharacteristicDataType = (typeof CHARACTERISTIC_DATA_TYPES)[number];
