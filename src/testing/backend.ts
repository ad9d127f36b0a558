/**
 * The fake backend: in-memory tables, the signed-in user, a clock and id generator, and the MSW
 * handlers that serve the whole API of docs/spec.md, Calls from those tables.
 */
import type { HttpHandler } from 'msw';
import type { OidcConfig } from '../api/types';
import { EnvelopeStatus } from '../api/enums';
import { satisfies } from '../domain';
import { grantOfStoredLink, LINK_TOKEN_LIFETIME_MS, linkTokenOf, needsValidData, type StoredFormLink } from '../domain/forms';
import { AnonymousWriteLimiter } from '../service/anonymous-writes';
import type { AnonymousWriteLimits } from '../domain/limits';
import { effectiveClaimsOf } from './claims-model';
import { createEmptyDb, type FakeDb, type FakeEnvelope, type LinkToken, type StoredUser } from './db';
import { createHandlerGroups, createHandlers, type CreateHandlersOptions, type HandlerGroups } from './handlers';
import { createSeedDb, seedIds } from './seed';
import { generatedId } from './seed-ids';
import { sealCompletedByHand } from './signing-model';
import { withDeclaredWidgetKinds, type WidgetKindRegistry, type WidgetValueKind } from '../engine/widget-kinds';

/** Options of {@link createFakeBackend}. */
export interface FakeBackendOptions {
  /** Fill the tables with the seed data (default true). */
  seed?: boolean;
  /**
   * The signed-in user (id or oidcId). Default: the seeded administrator when seeding, else
   * nobody (anonymous). Pass `null` to start anonymous.
   */
  currentUserId?: string | null;
  /** Refuse (403) calls whose claim the caller lacks; default false: every signed-in user may call everything. */
  enforceClaims?: boolean;
  /** The clock (default: the real one). */
  now?: () => Date;
  /** Origin of the links `GetEditUrl` / `GetViewUrl` return (default `http://localhost`). */
  publicBaseUrl?: string;
  /** What `GetOIDCConfig` answers. */
  oidcConfig?: OidcConfig;
  /** How long a public form link token lives, in milliseconds (default 24 hours). */
  linkTokenLifetimeMs?: number;
  /**
   * Bounds of anonymous writes to public forms (the domain's `ANONYMOUS_WRITE_LIMITS`, which any field given
   * replaces), as the reference server applies them; null turns them off. Every anonymous caller of the fake shares
   * one client address.
   */
  anonymousWriteLimits?: Partial<AnonymousWriteLimits> | null;
  /**
   * The verdict on a pattern that `FormSchema/CheckPattern` gives once it compiles: why it is refused, or null. The
   * reference server analyses catastrophic backtracking; the fake does not and accepts every pattern that compiles
   * unless a test or story hands in a verdict here.
   */
  checkPattern?: (pattern: string) => string | null | Promise<string | null>;
  /**
   * A host's own widget kinds that a saved layout may name besides the built-in ones, each with the kind of value it
   * stores, as the reference server's `HOST_WIDGET_KINDS` declares them (e.g. `{ 'star-rating': 'number' }`). A
   * layout naming a kind that is neither built in nor declared is refused (400 `schema-binding`).
   */
  hostWidgetKinds?: Readonly<Record<string, WidgetValueKind>>;
}

/** One request the fake served, for assertions (`backend.requests`). */
export interface RecordedRequest {
  method: string;
  /** Path and query string, e.g. `/api/Claim/GetMyClaims`. */
  path: string;
  /** The signed-in user's id when the request arrived, or null. */
  userId: string | null;
}

/** Who is calling: the signed-in user, and/or the public link token the request carries. */
export interface Caller {
  user: StoredUser | null;
  link: LinkToken | null;
  /** Set when the bearer token names a `fake-user:` that does not exist. */
  invalidToken: boolean;
}

/** The in-memory fake of the whole backend API. */
export interface FakeBackend {
  /** The tables. Its identity survives `reset()`; its tables do not. */
  readonly db: FakeDb;
  /** Id of the signed-in user, or null when anonymous. */
  readonly currentUserId: string | null;
  /** Whether calls need their claim (see {@link FakeBackendOptions.enforceClaims}). */
  readonly enforceClaims: boolean;
  /** Requests served since creation or the last `reset()`, oldest first. */
  readonly requests: RecordedRequest[];
  /** Origin of public form links. */
  readonly publicBaseUrl: string;
  /** What `GetOIDCConfig` answers. */
  readonly oidcConfig: OidcConfig;
  /** Lifetime of public link tokens in milliseconds. */
  readonly linkTokenLifetimeMs: number;
  /** The verdict on a pattern that compiles (see {@link FakeBackendOptions.checkPattern}); none: accepted. */
  readonly checkPattern?: (pattern: string) => string | null | Promise<string | null>;
  /** The bounds of anonymous writes (null: off); `reset()` forgets what they counted. */
  readonly anonymousWrites: AnonymousWriteLimiter | null;
  /** The widget kinds a saved layout may name: the built-in ones and {@link FakeBackendOptions.hostWidgetKinds}. */
  readonly widgetKinds: WidgetKindRegistry;

  /** Restores the initial tables (seeded or empty), user and claim enforcement, and clears `requests`. */
  reset(): void;
  /** Signs a user in (by id or oidcId), or signs out with null (then calls needing a user answer 401). */
  setCurrentUser(idOrOidcId: string | null): void;
  /** Turns claim enforcement on or off. */
  setEnforceClaims(enabled: boolean): void;
  /** The signed-in user, or null. */
  currentUser(): StoredUser | null;
  /** A user by id or oidcId. */
  findUser(idOrOidcId: string): StoredUser | undefined;
  /** The effective claim values of a user (by id or oidcId), ascending. */
  effectiveClaims(idOrOidcId: string): number[];
  /** Whether a user holds a claim (GlobalDataAdmin holds every claim). */
  hasClaim(idOrOidcId: string, claim: number): boolean;
  /**
   * A bearer token naming a user: requests carrying `Authorization: Bearer <token>` act as that
   * user whoever is signed in.
   */
  tokenFor(idOrOidcId: string): string;
  /** Moves an envelope (and its instance's `envelopeStatus`) to a status; Completed stores the signed PDF. */
  setEnvelopeStatus(envelopeId: string, status: EnvelopeStatus): FakeEnvelope;
  /** Who a request comes from. */
  identify(request: Request): Caller;
  /** The current time of the fake's clock. */
  now(): Date;
  /** A new deterministic id (`f0000000-0000-4000-8000-000000000001`, …); restarts on reset. */
  newId(): string;
  /** A new deterministic, hard-to-guess token (32 hex digits). */
  newToken(salt: string): string;
  /** Records a served request (used by the handlers). */
  record(request: Request, user: StoredUser | null): void;
  /** MSW handlers for every route (default base URL: any origin). */
  handlers(baseUrl?: string, options?: Omit<CreateHandlersOptions, 'baseUrl'>): HttpHandler[];
  /** MSW handlers as named groups, e.g. for `parameters.msw.handlers` of a story. */
  handlerGroups(baseUrl?: string, options?: Omit<CreateHandlersOptions, 'baseUrl'>): HandlerGroups;
}

/** Prefix of the bearer tokens {@link FakeBackend.tokenFor} makes. */
export const FAKE_USER_TOKEN_PREFIX = 'fake-user:';

/** Whether a bearer token is one of the fake's user tokens (else it may be a link token). */
export const isFakeUserToken = (bearer: string): boolean => bearer.startsWith(FAKE_USER_TOKEN_PREFIX);

/** A stored link token as the domain judges it: with whether its instance, the instance's schema and its form are soft-deleted. */
export function storedFormLink(db: FakeDb, stored: LinkToken): StoredFormLink {
  const instance = db.formInstances.find((i) => i.formInstanceId === stored.formInstanceId);
  const schema = instance && db.formSchemas.find((s) => s.formSchemaId === instance.formSchemaId);
  const form = instance && db.forms.find((f) => f.formId === instance.formId);
  return { ...stored, deleted: { instance: instance?.isDeleted ?? true, schema: schema?.isDeleted ?? true, form: form?.isDeleted ?? true } };
}

const DEFAULT_OIDC_CONFIG: OidcConfig = {
  authority: 'http://localhost:8080/oidc',
  clientId: 'forms-admin',
  clientSecret: null,
  scopes: ['api'],
};

/** FNV-1a over a string, as 8 hex digits. */
function fnv1a(input: string, seed: number): string {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < input.length; i += 1) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Creates a fake backend. Serve it with MSW:
 *
 * ```ts
 * const backend = createFakeBackend();
 * const server = setupServer(...backend.handlers('http://localhost'));
 * ```
 */
export function createFakeBackend(options: FakeBackendOptions = {}): FakeBackend {
  const seeded = options.seed ?? true;
  const initialUser = options.currentUserId === undefined ? (seeded ? seedIds.users.admin : null) : options.currentUserId;
  const clock = options.now ?? (() => new Date());
  const db: FakeDb = seeded ? createSeedDb() : createEmptyDb();
  let idCounter = 0;
  let tokenCounter = 0;
  let currentUserId: string | null = null;
  let enforceClaims = options.enforceClaims ?? false;
  const requests: RecordedRequest[] = [];
  const newLimiter = () =>
    options.anonymousWriteLimits === null
      ? null
      : new AnonymousWriteLimiter(options.anonymousWriteLimits, () => clock().getTime(), undefined, async (ids) => {
          // Submitted and removed instances are no drafts: they free their place.
          const started = new Set(ids);
          return new Set(db.formInstances.filter((i) => started.has(i.formInstanceId.toLowerCase()) && !needsValidData(i.status)).map((i) => i.formInstanceId.toLowerCase()));
        });
  let anonymousWrites = newLimiter();

  const findUser = (idOrOidcId: string): StoredUser | undefined =>
    db.applicationUsers.find((u) => u.id === idOrOidcId) ?? db.applicationUsers.find((u) => u.oidcId === idOrOidcId);

  const requireUser = (idOrOidcId: string): StoredUser => {
    const user = findUser(idOrOidcId);
    if (!user) throw new Error(`No application user with id or oidcId '${idOrOidcId}'.`);
    return user;
  };

  const backend: FakeBackend = {
    db,
    get currentUserId() {
      return currentUserId;
    },
    get enforceClaims() {
      return enforceClaims;
    },
    requests,
    publicBaseUrl: (options.publicBaseUrl ?? 'http://localhost').replace(/\/+$/, ''),
    oidcConfig: options.oidcConfig ?? DEFAULT_OIDC_CONFIG,
    linkTokenLifetimeMs: options.linkTokenLifetimeMs ?? LINK_TOKEN_LIFETIME_MS,
    ...(options.checkPattern ? { checkPattern: options.checkPattern } : {}),
    get anonymousWrites() {
      return anonymousWrites;
    },
    widgetKinds: withDeclaredWidgetKinds(options.hostWidgetKinds),

    reset() {
      Object.assign(db, seeded ? createSeedDb() : createEmptyDb());
      idCounter = 0;
      tokenCounter = 0;
      requests.length = 0;
      anonymousWrites = newLimiter();
      enforceClaims = options.enforceClaims ?? false;
      backend.setCurrentUser(initialUser);
    },
    setCurrentUser(idOrOidcId) {
      currentUserId = idOrOidcId === null ? null : requireUser(idOrOidcId).id;
    },
    setEnforceClaims(enabled) {
      enforceClaims = enabled;
    },
    currentUser() {
      return currentUserId === null ? null : (findUser(currentUserId) ?? null);
    },
    findUser,
    effectiveClaims(idOrOidcId) {
      return [...effectiveClaimsOf(db, requireUser(idOrOidcId).id)].sort((a, b) => a - b);
    },
    hasClaim(idOrOidcId, claim) {
      return satisfies(effectiveClaimsOf(db, requireUser(idOrOidcId).id), claim);
    },
    tokenFor(idOrOidcId) {
      return `${FAKE_USER_TOKEN_PREFIX}${requireUser(idOrOidcId).id}`;
    },
    setEnvelopeStatus(envelopeId, status) {
      const envelope = db.envelopes.find((e) => e.envelopeId === envelopeId);
      if (!envelope) throw new Error(`No envelope '${envelopeId}'.`);
      const now = clock();
      envelope.status = status;
      envelope.lastUpdatedDateTime = now;
      const instance = db.formInstances.find((i) => i.formInstanceId === envelope.formInstanceId);
      if (instance && instance.envelopeId === envelopeId) {
        instance.envelopeStatus = status;
        instance.lastUpdatedDateTime = now;
      }
      if (status === EnvelopeStatus.Completed) sealCompletedByHand(backend, envelope);
      return envelope;
    },
    identify(request) {
      const header = request.headers.get('authorization') ?? '';
      const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? null;
      let user = backend.currentUser();
      let invalidToken = false;
      if (bearer?.startsWith(FAKE_USER_TOKEN_PREFIX)) {
        const named = findUser(bearer.slice(FAKE_USER_TOKEN_PREFIX.length));
        user = named ?? null;
        invalidToken = !named;
      }
      const token = linkTokenOf(header, new URL(request.url).searchParams, isFakeUserToken);
      const stored = token === null ? undefined : db.linkTokens.find((t) => t.token === token);
      const link = stored && grantOfStoredLink(storedFormLink(db, stored), clock()) ? stored : null;
      return { user, link, invalidToken };
    },
    now: () => clock(),
    newId() {
      idCounter += 1;
      return generatedId(idCounter);
    },
    newToken(salt) {
      tokenCounter += 1;
      const input = `${salt}:${tokenCounter}`;
      return `${fnv1a(input, 1)}${fnv1a(input, 2)}${fnv1a(input, 3)}${fnv1a(input, 4)}`;
    },
    record(request, user) {
      const url = new URL(request.url);
      requests.push({ method: request.method, path: `${url.pathname}${url.search}`, userId: user?.id ?? null });
    },
    handlers(baseUrl, handlerOptions) {
      return createHandlers(backend, { ...handlerOptions, baseUrl });
    },
    handlerGroups(baseUrl, handlerOptions) {
      return createHandlerGroups(backend, { ...handlerOptions, baseUrl });
    },
  };
  backend.setCurrentUser(initialUser);
  return backend;
}
