import { createContext, type RouterContextProvider } from "react-router";
import type { Audience } from "./audience";
import type { BrandMode } from "./brand-mode";
import type { Database } from "./database";
import type { Env } from "./env.server";
import type { Language } from "./i18n/languages";
import type { Logger } from "./logger.server";
import type { Auth } from "./auth.server";
import type { Mailer } from "./mail/index.server";
import type { Storage } from "./storage/storage.server";

/** The platform the server builds once at boot and hands to every loader and action. */
export interface Services {
  db: Database;
  storage: Storage;
  env: Env;
  log: Logger;
  /** Public origin of the site (PUBLIC_URL or http://localhost:PORT). */
  origin: string;
  auth: Auth;
  mailer: Mailer;
  /** The server's secret (the auth secret): keys rate-limit rows and signs anonymous ids (app/lib/keys.server.ts). */
  secret: string;
}

/** What the server decided about this request before React Router saw it. */
export interface Visitor {
  nonce: string;
  brandMode: BrandMode;
  language: Language;
  audience: Audience;
  ageVerified: boolean;
  /** AGE_GATE=off turns the gate off for the whole site. */
  ageGateEnabled: boolean;
  clientIp: string;
  isLoopback: boolean;
}

/** Media plays for a visitor who passed the age gate, or everyone when the gate is off (docs/product.md §2.4). */
export function mediaAllowedFor(visitor: Pick<Visitor, "ageVerified" | "ageGateEnabled">): boolean {
  return visitor.ageVerified || !visitor.ageGateEnabled;
}

// The keys live in the app bundle; the server fetches them from the build's
// entry module so both sides use the same key objects (see app/entry.server.tsx).
export const servicesContext = createContext<Services>();
export const visitorContext = createContext<Visitor>();

type ContextArg = { context: Readonly<RouterContextProvider> };

export const getServices = ({ context }: ContextArg) => context.get(servicesContext);
export const getVisitor = ({ context }: ContextArg) => context.get(visitorContext);
