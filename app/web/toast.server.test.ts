/** readToast: the root loader's toast, read and cleared only when the browser sent one (issue #35, item 3). */
import { describe, expect, it } from "vitest";
import { readToast, toast } from "~/web/toast.server";

describe("readToast", () => {
  it("reads nothing and sets no cookie without a toast cookie", async () => {
    expect(await readToast(new Request("http://localhost/"))).toEqual({ toast: undefined, headers: undefined });
    expect(await readToast(new Request("http://localhost/", { headers: { Cookie: "vid=abc; mytoast=1" } }))).toEqual({ toast: undefined, headers: undefined });
  });

  it("shows a toast the browser sent, once: the answer clears it", async () => {
    const redirect = await toast.redirectWithSuccess("/", "Anúncio publicado!");
    const sent = redirect.headers.get("Set-Cookie")!.split(";")[0]!;
    const { toast: shown, headers } = await readToast(new Request("http://localhost/", { headers: { Cookie: `vid=abc; ${sent}` } }));
    expect(shown?.message).toBe("Anúncio publicado!");
    expect(new Headers(headers).get("Set-Cookie")).toMatch(/^toast=/);
  });
});
