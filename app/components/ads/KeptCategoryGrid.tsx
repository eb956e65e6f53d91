import { keptPart } from "~/components/kept-part";

/**
 * The category chips as a kept part (kept-part.tsx): the server renders them once per list of categories
 * (and chosen one), the browser keeps that HTML and loads CategoryGrid's code only to show another choice.
 */
export const KeptCategoryGrid = keptPart("CategoryGrid", () => import("./CategoryGrid").then((module) => module.CategoryGrid), { htmlFollowsProps: true });
