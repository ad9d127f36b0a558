/**
 * The HTTP binding of a route, written once for both backends. A binding (MSW in src/testing, Hono in the reference
 * server) hands over one request through a small adapter, {@link HttpExchange}: who calls, the caller run anonymously,
 * and how its library sends a reply. The core decides the rest: a token the route cannot ignore answers 401, the gate
 * (src/service/route-gate.ts) refuses or lets through, a signed-in visitor of public forms runs as an anonymous caller,
 * the request is read as the route table reads it, and every answer and refusal is written for HTTP
 * (src/service/routes.ts `httpAnswerOf`, `httpProblemOf`).
 */
import { DomainError, QueryParams, type RouteRule } from '../domain';
import { gatedError, gateRoute, ignoresInvalidToken, type GatePass, type GateUser } from './route-gate';
import { httpAnswerOf, httpProblemOf, type HttpAnswer, type HttpProblem, type RouteCaller, type RouteRequest, type ServiceRoute } from './routes';

/** Who calls, as a binding identified them. */
export interface Identified<C> {
  /** The binding's own record of the caller (what its backends read). */
  caller: C;
  /** The signed-in user as the gate sees them (null: anonymous). */
  gate: GateUser | null;
}

/** A reply as a binding sends it: an answer or a refusal. */
export type HttpReply = HttpAnswer | HttpProblem;

/** One request, as a binding hands it to the core: `C` is its record of a caller, `R` its library's response. */
export interface HttpExchange<C, R> {
  /** Who calls; throws a `DomainError` for a token that names nobody (the route answers it unless it ignores it). */
  identify(rule: RouteRule): Promise<Identified<C>>;
  /** The caller run as an anonymous one: behind a token a public route ignores, or as a visitor of public forms. */
  anonymous(): C;
  /** Sends a reply with the library. */
  send(reply: HttpReply): R;
}

/** A refused token: 401 with the challenge of the sign-in (`WWW-Authenticate`). */
export class TokenRefusal extends DomainError {
  constructor(
    detail: string,
    /** The `WWW-Authenticate` header's value. */
    readonly challenge: string,
  ) {
    super(401, detail);
  }
}

/** A refusal as HTTP sends it, the challenge of a refused token included. */
export function problemReply(error: DomainError): HttpProblem {
  const reply = httpProblemOf(error);
  if (error instanceof TokenRefusal) reply.headers['www-authenticate'] = error.challenge;
  return reply;
}

/**
 * Serves one request of a route whose caller rule is `rule`: identifies the caller, passes the gate, runs `run` for the
 * caller (anonymous for a signed-in visitor of public forms) and answers a `DomainError` thrown on the way as problem
 * details (a signed-in visitor's 401 as the claim's 403). Other errors go on to the binding's error handler.
 */
export async function callRoute<C, R>(rule: RouteRule, exchange: HttpExchange<C, R>, run: (caller: C) => Promise<R> | R): Promise<R> {
  let identified: Identified<C>;
  try {
    identified = await exchange.identify(rule);
  } catch (error) {
    // A public route ignores a token that names nobody, whatever failed in reading it.
    if (ignoresInvalidToken(rule)) identified = { caller: exchange.anonymous(), gate: null };
    else if (error instanceof DomainError) return exchange.send(problemReply(error));
    else throw error;
  }
  let pass: GatePass;
  try {
    pass = gateRoute(rule, identified.gate);
  } catch (error) {
    if (error instanceof DomainError) return exchange.send(problemReply(error));
    throw error;
  }
  try {
    return await (run(pass.visitorOf === null ? identified.caller : exchange.anonymous()));
  } catch (error) {
    if (error instanceof DomainError) return exchange.send(problemReply(gatedError(error, pass)));
    throw error;
  }
}

/** The request as the route table reads it, from the Fetch request a binding has (`text`: the library's body reader). */
export function routeRequestOf(request: Request, user: RouteCaller['user'], ipAddress: string | null, text: () => Promise<string> = () => request.text()): RouteRequest {
  const searchParams = new URL(request.url).searchParams;
  const header = (name: string) => request.headers.get(name);
  const caller = { user: user && { id: user.id, name: user.name }, ipAddress, userAgent: header('user-agent') };
  return { caller, query: new QueryParams(searchParams), searchParams, contentType: header('content-type'), header, text };
}

/** Runs a route of the table for a request and sends its answer: the part of {@link callRoute}'s `run` both bindings share. */
export async function answerRoute<B, R>(route: ServiceRoute<B>, request: RouteRequest, backend: B, send: (reply: HttpReply) => R): Promise<R> {
  return send(httpAnswerOf(await route.handle(request, backend)));
}
