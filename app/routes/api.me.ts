/** GET /api/me: the same session check as /api/auth/me (spec 01 §4 treats both alike). */
export { loader } from "./api.auth.me";
