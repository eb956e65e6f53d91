/** /auth/conta: the account page moved to /conta (the user menu's 'Minha conta'); old links keep working. */
import { redirect } from "@remix-run/node";

export function loader() {
  return redirect("/conta", 301);
}
