import { createContext, useContext } from "react";

/** The CSP nonce of this response, so <Scripts> and friends can mark their inline scripts. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
