/**
 * `/api/Signing/*`: the signing area of the one route table (src/service/routes-signing.ts), bound over the fake's
 * signing storage (src/testing/signing-model.ts). `backend.setEnvelopeStatus` still moves an envelope by hand
 * (stories, tests).
 */
import { SIGNING_ROUTES } from '../../service/routes-signing';
import { fakeSigningPorts } from '../signing-model';
import { tableRoute, type FakeRoute } from './route';

/** The signing routes. */
export const signingRoutes: readonly FakeRoute[] = SIGNING_ROUTES.map((signingRoute) =>
  tableRoute(signingRoute, (ctx) => fakeSigningPorts(ctx.backend, ctx.url.origin)),
);
