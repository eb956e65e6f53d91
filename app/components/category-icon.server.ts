/**
 * The category grid's icons are resolved on the server (`categoryIconName`, CategoryIcon.tsx): a list
 * page's loader imports it from here, a server-only module, so the key-to-icon table never reaches
 * those pages' JavaScript.
 */
export { categoryIconName } from "./CategoryIcon";
