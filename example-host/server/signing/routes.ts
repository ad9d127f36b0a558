/**
 * `/api/Signing/*` on the reference server: the signing area of the one route table (src/service/routes-signing.ts),
 * bound over the server's signing ports (provider.ts), and the server's signing duties (the seal certificate, the audit key, the mail
 * queue and the development SMTP sink, the sweep).
 */
import { runOncePerPeriod } from '../operations';
import type { AnyRouteDeclaration } from '../routes/registry';
import { tableRoute } from '../routes/table';
import type { Services } from '../services';
import { SIGNING_ROUTES } from '../../../src/service/routes-signing';
import { sealSigner } from './certificates';
import { DEFAULT_SWEEP_INTERVAL_MS } from './options';
import { serverSigningPorts } from './provider';
import { sweepEnvelopes, type SigningPorts } from '../../../src/service/signing';
import { auditKeyOf } from './audit-key';
import { MailQueue } from '../mail/queue';
import { smtpMailer } from '../mail/smtp';
import { startSmtpSink } from '../mail/sink';
import { drizzleMailQueueStore } from '../mail/store';

/** The server's signing: the use cases' ports, and its periodic pass (voids expired open envelopes, sends due automatic reminders). */
export interface ServerSigning {
  readonly ports: SigningPorts;
  sweep(): Promise<{ expired: number; reminded: number }>;
}

const providers = new WeakMap<Services['config'], ServerSigning>();
const queues = new WeakMap<Services['config'], MailQueue>();

/** The mail queue of a server, once its signing has started with mail (undefined: no mail is sent). */
export function mailQueueOf(config: Services['config']): MailQueue | undefined {
  return queues.get(config);
}

/** The signing of a server (one per configuration). */
export function signingProvider(services: Pick<Services, 'config' | 'db'>): ServerSigning {
  let provider = providers.get(services.config);
  if (!provider) {
    const { signing, hostOrigins } = services.config;
    const ports = serverSigningPorts(services.db, {
      ...signing,
      auditKey: auditKeyOf(services.config),
      mail: queues.get(services.config),
      mailQueue: queues.get(services.config)?.signingQueue,
      signingBaseUrl: signing.signingBaseUrl ?? hostOrigins[0] ?? 'http://127.0.0.1:5173',
    });
    provider = { ports, sweep: () => sweepEnvelopes(ports) };
    providers.set(services.config, provider);
  }
  return provider;
}

/**
 * Starts the server's signing duties: makes (or loads) the seal certificate and the audit key, so that a PKCS#12 file
 * or a key that cannot be read stops the start with its message, and runs the expiry and reminder pass every
 * `sweepIntervalMs`. Returns the function that stops the pass.
 */
export async function startSigning(services: Pick<Services, 'config' | 'db'>): Promise<() => Promise<void>> {
  await sealSigner(services.db, services.config.signing);
  // The audit key too: a key that cannot be read or made stops the start with its message, not a later request.
  auditKeyOf(services.config);
  const stopMail = await startMail(services);
  const interval = services.config.signing.sweepIntervalMs === undefined ? DEFAULT_SWEEP_INTERVAL_MS : services.config.signing.sweepIntervalMs;
  if (interval === null) return stopMail;
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
  return async () => {
    clearInterval(timer);
    await stopMail();
  };
}

/**
 * The server's mail: a host's sender, SMTP at `smtpUrl`, or the development sink, behind one queue that sends outside
 * the requests and retries; none when nothing is configured. Returns what stops it (the queue sends what it holds).
 */
async function startMail(services: Pick<Services, 'config' | 'db'>): Promise<() => Promise<void>> {
  const { signing, log } = services.config;
  const closers: (() => Promise<void> | void)[] = [];
  let sender = signing.mailSender;
  if (!sender && signing.smtpUrl) {
    const smtp = smtpMailer(signing.smtpUrl, signing.mailFrom);
    closers.push(() => smtp.close());
    sender = smtp;
    log({ level: 'info', msg: 'mail goes out over SMTP', smtp: new URL(signing.smtpUrl).host });
  } else if (!sender && signing.smtpSink) {
    const sink = await startSmtpSink(services.db, log, signing.smtpSinkPort ?? 0);
    const smtp = smtpMailer(sink.url, signing.mailFrom);
    closers.push(() => smtp.close(), () => sink.close());
    sender = smtp;
    log({ level: 'info', msg: 'development SMTP sink started: mail is kept in the Outbox', smtp: sink.url });
  }
  if (!sender) return async () => undefined;
  const queue = new MailQueue(sender, log, signing.mailRetryDelaysMs, {
    store: drizzleMailQueueStore(services.db),
    ...(signing.now ? { now: signing.now } : {}),
    ...(signing.mailPollMs === undefined ? {} : { pollMs: signing.mailPollMs }),
  });
  queues.set(services.config, queue);
  // What was waiting when the server stopped goes out now.
  queue.wake();
  return async () => {
    await queue.stop();
    for (const close of closers) await close();
  };
}

/** The signing routes: the signing area of the one route table (src/service/routes-signing.ts) over the server's signing ports. */
export const signingRoutes: readonly AnyRouteDeclaration[] = SIGNING_ROUTES.map((signingRoute) =>
  tableRoute(signingRoute, (ctx) => signingProvider(ctx.services).ports),
);
