/**
 * `/api/Signing/*` on the reference server: the signing area of the one route table (src/service/routes-signing.ts),
 * bound over the provider's ports, and the server's signing duties (the seal certificate, the audit key, the sweep).
 */
import { runOncePerPeriod } from '../operations';
import type { AnyRouteDeclaration } from '../routes/registry';
import { tableRoute } from '../routes/table';
import type { Services } from '../services';
import { SIGNING_ROUTES } from '../../../src/service/routes-signing';
import { sealSigner } from './certificates';
import { DEFAULT_SWEEP_INTERVAL_MS } from './options';
import { LocalSigningProvider } from './provider';
import { auditKeyOf } from './audit-key';

const providers = new WeakMap<Services['config'], LocalSigningProvider>();

/** The signing provider of a server (one per configuration). */
export function signingProvider(services: Pick<Services, 'config' | 'db'>): LocalSigningProvider {
  let provider = providers.get(services.config);
  if (!provider) {
    const { signing, hostOrigins } = services.config;
    provider = new LocalSigningProvider(services.db, {
      ...signing,
      auditKey: auditKeyOf(services.config),
      mail: signing.mailSender,
      signingBaseUrl: signing.signingBaseUrl ?? hostOrigins[0] ?? 'http://127.0.0.1:5173',
    });
    providers.set(services.config, provider);
  }
  return provider;
}

/**
 * Starts the server's signing duties: makes (or loads) the seal certificate and the audit key, so that a PKCS#12 file
 * or a key that cannot be read stops the start with its message, and runs the expiry and reminder pass every
 * `sweepIntervalMs`. Returns the function that stops the pass.
 */
export async function startSigning(services: Pick<Services, 'config' | 'db'>): Promise<() => void> {
  await sealSigner(services.db, services.config.signing);
  // The audit key too: a key that cannot be read or made stops the start with its message, not a later request.
  auditKeyOf(services.config);
  const interval = services.config.signing.sweepIntervalMs === undefined ? DEFAULT_SWEEP_INTERVAL_MS : services.config.signing.sweepIntervalMs;
  if (interval === null) return () => undefined;
  const provider = signingProvider(services);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Once per period across every instance on the database: the first to claim the period runs it (and logs so).
    runOncePerPeriod(services.db, {
      job: 'signing-sweep',
      periodMs: interval,
      instance: services.config.instanceId,
      log: services.config.log,
      run: () => provider.sweep(),
    })
      .catch((error: unknown) => services.config.log({ level: 'error', msg: 'signing sweep failed', error: String(error) }))
      .finally(() => {
        running = false;
      });
  }, interval);
  timer.unref();
  return () => clearInterval(timer);
}

/** The signing routes: the signing area of the one route table (src/service/routes-signing.ts) over the provider's ports. */
export const signingRoutes: readonly AnyRouteDeclaration[] = SIGNING_ROUTES.map((signingRoute) =>
  tableRoute(signingRoute, (ctx) => signingProvider(ctx.services).ports),
);
