import { createContext, useContext, type ReactNode } from "react";

// The CSP nonce of this response. In the browser it reads as "" (browsers hide
// nonce attributes), which is fine: only server-rendered scripts need it.
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
