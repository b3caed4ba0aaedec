import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiMessages } from '@spedycja/domain';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { isDataException, isNotNullViolation, isSerializationFailure } from './db/errors.ts';
import { requestScoped } from './db/requestTx.ts';
import { createFileStore } from './files/index.ts';
import type { FileStore } from './files/store.ts';
import { authPlugin } from './http/auth.ts';
import { apiCompression } from './http/compression.ts';
import { AppError, problem } from './http/errors.ts';
import { requestTransactionPlugin } from './http/idempotency.ts';
import { setCountCacheMs } from './http/listing.ts';
import { securityHeaders } from './http/security.ts';
import { versionsPlugin } from './http/versions.ts';
import { hasWebApp, registerWebApp } from './http/webApp.ts';
import { writeScopePlugin } from './http/writeScope.ts';
import { createGeoService } from './integrations/geo/http.ts';
import type { GeoService } from './integrations/geo/types.ts';
import { createNbpClient } from './integrations/nbp/http.ts';
import type { ExchangeRateService } from './integrations/nbp/types.ts';
import { createOutbox, type Outbox } from './mail/outbox.ts';
import { createMailTransport } from './mail/transport.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createTokenSigner } from './modules/auth/tokens.ts';
import { carrierRecordRoutes } from './modules/carrierRecord/routes.ts';
import { startRecordWindowWorker } from './modules/carrierRecord/worker.ts';
import { carriersRoutes } from './modules/carriers/routes.ts';
import { conversionsRoutes } from './modules/conversions/routes.ts';
import { customersRoutes } from './modules/customers/routes.ts';
import { customerMilestoneService } from './modules/customerWindow/milestones.ts';
import { panelRoutes } from './modules/customerWindow/panel.ts';
import { customerWindowRoutes } from './modules/customerWindow/routes.ts';
import { exchangeRatesRoutes } from './modules/exchangeRates/routes.ts';
import { exportsRoutes } from './modules/exports/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { importsRoutes } from './modules/imports/routes.ts';
import { createImportWorker, type ImportWorker } from './modules/imports/worker.ts';
import { interestRoutes } from './modules/interest/routes.ts';
import { invoicesRoutes } from './modules/invoices/routes.ts';
import { ksefRoutes } from './modules/ksef/routes.ts';
import { createKsefService, type KsefService, type KsefServiceOptions } from './modules/ksef/service.ts';
import { loadingsRoutes } from './modules/loadings/routes.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { offersRoutes } from './modules/offers/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { payablesRoutes } from './modules/payables/routes.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { portalRoutes } from './modules/portal/routes.ts';
import { portalKey, portalLinkIssuer, portalRemover } from './modules/portal/service.ts';
import { createRouter } from './modules/positions/repository.ts';
import { positionsRoutes } from './modules/positions/routes.ts';
import { startPositionsWorker } from './modules/positions/worker.ts';
import { publicRoutes } from './modules/public/routes.ts';
import { queriesRoutes } from './modules/queries/routes.ts';
import { receivablesRoutes } from './modules/receivables/routes.ts';
import { remindersRoutes } from './modules/reminders/routes.ts';
import { startRemindersWorker } from './modules/reminders/service.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { createSoftDeleteRegistry, type SoftDeleteRegistry } from './modules/softDelete/registry.ts';
import { softDeleteRoutes } from './modules/softDelete/routes.ts';
import { statementsRoutes } from './modules/statements/routes.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { moveTasks } from './modules/tasks/repository.ts';
import { tasksRoutes } from './modules/tasks/routes.ts';
import { telegramRoutes } from './modules/telegram/routes.ts';
import { createTelegramService, type TelegramService } from './modules/telegram/worker.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { scheduleNightlyRecheck } from './modules/verification/recheck.ts';
import { createRegisters, type Registers } from './modules/verification/registers.ts';
import { startReminderWorker } from './modules/verification/reminders.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { refreshValidDaysHook } from './modules/verification/status.ts';
import { defaultWebDist } from './paths.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
    telegram: TelegramService;
    ksef: KsefService;
    files: FileStore;
    imports: ImportWorker;
  }
}

export type AppDeps = {
  config: Config;
  db: Db;
  /** Tests register their own soft-deletable tables here. */
  softDelete?: SoftDeleteRegistry;
  /** Tests pass an outbox bound to their SMTP server; by default one is made from the config. */
  outbox?: Outbox;
  /** Tests pass a Telegram service with their own client; by default one is made from the config. */
  telegram?: TelegramService;
  /** Geocoding and road distance; by default from the config (offline gazetteer unless URLs are set). */
  geo?: GeoService;
  /** NBP exchange rates; by default the NBP API at NBP_API_URL. */
  nbp?: ExchangeRateService;
  /** Tests pass their own file store (S3 against a local server); by default one is made from the config. */
  files?: FileStore;
  /** Tests tune the KSeF worker (shorter back-off, session idle time). */
  ksef?: Partial<Omit<KsefServiceOptions, 'db' | 'config' | 'outbox' | 'log'>>;
  /** GUS, VIES and the VAT white list; by default from the config (GUS_API_URL, VIES_API_URL, WL_API_URL). */
  registers?: Registers;
  /** Tests make the import worker's chunks and lease small. */
  imports?: { chunk?: number; leaseMs?: number; pollMs?: number; verifyPauseMs?: number };
  logger?: boolean;
};

export async function buildApp({
  config,
  db: rawDb,
  softDelete,
  outbox: givenOutbox,
  geo: givenGeo,
  nbp: givenNbp,
  telegram: givenTelegram,
  ksef: ksefOptions,
  files: givenFiles,
  registers: givenRegisters,
  imports: importOptions,
  logger = true,
}: AppDeps): Promise<FastifyInstance> {
  // Every module writes through this: inside a write request it is that request's transaction (db/requestTx.ts).
  const db = requestScoped(rawDb);
  const options = {
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  };
  // With TLS_CERT/TLS_KEY the server speaks HTTPS itself (an office without a proxy); the instance's API is the same.
  const app = config.tls
    ? (Fastify({ ...options, https: config.tls }) as unknown as FastifyInstance)
    : Fastify(options);
  // PATCH with merge-patch and JSON-LD bodies are JSON too (API Platform accepts both).
  app.addContentTypeParser(
    ['application/merge-patch+json', 'application/ld+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(securityHeaders, { mapTilesUrl: config.mapTilesUrl });
  // Before compression: the stored answer of an idempotency key is the uncompressed one.
  await app.register(requestTransactionPlugin, { db: rawDb });
  // After it: the tables a request wrote are announced once its transaction committed.
  await app.register(writeScopePlugin);
  await app.register(compress, apiCompression);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Spedycja API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The API documentation is public.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' }, staticCSP: true });

  const signer = createTokenSigner(config.jwtSecret, config.accessTokenTtl);
  await app.register(authPlugin, { signer, db });
  // Counted totals hold until a table they read is written (see http/listing.ts and http/writeScope.ts).
  setCountCacheMs(config.listCountCacheMs);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.status)
        .type('application/problem+json')
        .send(problem(error.status, error.detail, error.violations, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // One message per field, the first rule that failed, as the form shows it. Our schemas carry Polish
      // messages; zod's own (English) ones appear only for a body of the wrong shape altogether.
      const seen = new Set<string>();
      const violations = error.validation
        .map((v) => {
          const propertyPath = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const polish = v.message && !/^(Invalid|Expected|Unrecognized|Too )/i.test(v.message);
          return { propertyPath, message: polish ? (v.message as string) : apiMessages.validationFailed };
        })
        .filter((v) => !seen.has(v.propertyPath) && seen.add(v.propertyPath));
      // A bad body is a validation failure (422, like API Platform); a bad URL is a bad request.
      const status = error.validationContext === 'body' ? 422 : 400;
      const messages = [...new Set(violations.map((v) => v.message))];
      const detail =
        status !== 422
          ? apiMessages.badRequest
          : messages.length === 1
            ? (messages[0] as string)
            : apiMessages.validationFailed;
      return reply
        .code(status)
        .type('application/problem+json')
        .send(problem(status, detail, violations));
    }
    if (isNotNullViolation(error)) {
      request.log.warn({ error: error.message }, 'a required field reached the database empty');
      return reply.code(422).type('application/problem+json').send(problem(422, apiMessages.validationFailed));
    }
    // A value PostgreSQL cannot take (a date or number out of range) is the client's mistake.
    if (isDataException(error)) {
      return reply.code(400).type('application/problem+json').send(problem(400, apiMessages.badRequest));
    }
    // Two transactions waiting on each other (a deadlock), or a serializable write that lost: PostgreSQL undid this
    // one whole. Nothing of it stands, so the client may send it again (with the same Idempotency-Key).
    if (isSerializationFailure(error)) {
      request.log.warn({ error: error.message }, 'a write collided with another and was undone');
      return reply
        .code(503)
        .header('retry-after', '1')
        .type('application/problem+json')
        .send(problem(503, apiMessages.writeCollided));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? apiMessages.invalidJson
          : status === 429
            ? apiMessages.tooManyRequests
            : status === 404
              ? apiMessages.notFound
              : apiMessages.badRequest;
      return reply.code(status).type('application/problem+json').send(problem(status, detail));
    }
    request.log.error(error);
    return reply.code(500).type('application/problem+json').send(problem(500, apiMessages.internal));
  });

  // After the request transaction's hook (If-Match locks the row inside it), Swagger (its history routes are
  // documented), the auth plugin (which checks their access) and the error handler (which answers for them).
  await app.register(versionsPlugin, { db });

  const outbox =
    givenOutbox ??
    createOutbox(
      rawDb,
      createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }),
      config.mailFrom,
      app.log,
    );
  outbox.start();
  app.addHook('onClose', () => outbox.stop());
  app.decorate('outbox', outbox);

  // Telegram reminders and notices: a worker like the outbox, stopped with the app.
  const telegram = givenTelegram ?? createTelegramService({ db, config, log: app.log });
  telegram.start();
  app.addHook('onClose', () => telegram.stop());
  app.decorate('telegram', telegram);

  // KSeF: sending invoices through its queue and fetching the carriers' invoices; stopped with the app.
  const ksef = createKsefService({ db, config, outbox, log: app.log, ...ksefOptions });
  ksef.start();
  app.addHook('onClose', () => ksef.stop());
  app.decorate('ksef', ksef);

  // Uploaded files: the disk (FILES_DIR) or an S3 bucket.
  const files = givenFiles ?? createFileStore(config);
  app.decorate('files', files);

  const softDeleteRegistry = softDelete ?? createSoftDeleteRegistry();
  const auth = createAuthService(db, config, signer);
  await app.register(authRoutes, { auth });
  await app.register(usersRoutes, { db });
  await app.register(settingsRoutes, { db });
  // The verification status of the parties in their JSON counts verificationValidDays (a setting).
  app.addHook('onRequest', refreshValidDaysHook(db));
  await app.register(customersRoutes, { db });
  await app.register(carriersRoutes, { db });
  await app.register(carrierRecordRoutes, { db });
  const geo = givenGeo ?? createGeoService({ geocoderUrl: config.geocoderUrl, routerUrl: config.routerUrl }, app.log);
  await app.register(queriesRoutes, { db, geo, softDelete: softDeleteRegistry });
  await app.register(offersRoutes, { db });
  const registers = givenRegisters ?? createRegisters(config);
  app.addHook('onClose', () => registers.gus.close());
  // The customer's window (issue 37): tracking links, milestone mails, the customer panel.
  const trackKey = portalKey(config);
  const customerTrack = customerMilestoneService({ config, key: trackKey, mailKept: () => app.outbox.mode === 'file' });
  await app.register(ordersRoutes, {
    db,
    geo,
    softDelete: softDeleteRegistry,
    carrierLink: portalLinkIssuer(config),
    customerTrack,
    registers,
  });
  await app.register(loadingsRoutes, { db, customerTrack });
  await app.register(conversionsRoutes, { db, hooks: [moveTasks] });
  await app.register(publicRoutes, { db, config, onOfferVerified: telegram.offerVerified });
  await app.register(tasksRoutes, { db, softDelete: softDeleteRegistry, onAssigned: telegram.taskAssigned });
  await app.register(telegramRoutes, { db, config, telegram });
  await app.register(softDeleteRoutes, { db, registry: softDeleteRegistry, removeDocument: portalRemover(db) });
  await app.register(portalRoutes, { db, config, store: files, ksef, nudgeTelegram: telegram.nudge, customerTrack });
  // Issue 39: positions (the carrier's link, telematics), the kept ETA and its notifications.
  const eta = { router: createRouter(config.routerUrl, app.log), nudge: () => telegram.nudge() };
  await app.register(positionsRoutes, { db, eta, tilesUrl: config.mapTilesUrl });
  await app.register(customerWindowRoutes, {
    db,
    config,
    store: files,
    ksef,
    key: trackKey,
    milestones: customerTrack,
  });
  await app.register(panelRoutes, { db, config, store: files, ksef, key: trackKey, geo });
  await app.register(mailRoutes, { db, config });
  const nbp = givenNbp ?? createNbpClient({ baseUrl: config.nbpApiUrl }, app.log);
  await app.register(exchangeRatesRoutes, { db, nbp });
  await app.register(invoicesRoutes, { db, nbp, ksef });
  await app.register(ksefRoutes, { db, ksef });
  await app.register(statementsRoutes, { db, registers });
  await app.register(statsRoutes, { db });
  await app.register(paymentsRoutes, { db, registers });
  await app.register(receivablesRoutes, { db, registers });
  await app.register(payablesRoutes, { db, registers, nbp });
  await app.register(remindersRoutes, { db });
  await app.register(interestRoutes, { db, nbp });
  await app.register(exportsRoutes, { db });
  await app.register(verificationRoutes, { db, registers });
  // Issue 36: imports of customers and carriers, run in chunks by a worker that survives a restart.
  const imports = createImportWorker({ db: rawDb, log: app.log, registers, ...importOptions });
  imports.start();
  app.addHook('onClose', () => imports.stop());
  app.decorate('imports', imports);
  await app.register(importsRoutes, { db, worker: imports });
  // Tasks 14 days before carriers' OCP policies and licences end (the tests call createExpiryReminders themselves).
  // and the nightly white-list re-check of the carriers with unpaid orders.
  if (config.env !== 'test') {
    // Issue 39: the carrier's record of an office that had orders before it, once; then the 12 months moving on
    // (the tests call backfillOnce and refreshRecordWindow themselves).
    app.addHook('onClose', startRecordWindowWorker(rawDb, app.log));
    app.addHook('onClose', startReminderWorker(db, app.log));
    app.addHook('onClose', scheduleNightlyRecheck(db, registers, app.log));
    app.addHook('onClose', startPositionsWorker(rawDb, eta, app.log));
    // Issue 26: payment reminders (the tests call sendDueReminders themselves).
    app.addHook(
      'onClose',
      startRemindersWorker(db, app.log, config.remindersPollMs, () => app.outbox.nudge()),
    );
  }
  await app.register(healthRoutes, { db });

  const webDist = config.webDist ?? defaultWebDist;
  const web = hasWebApp(webDist) ? await registerWebApp(app, webDist) : null;

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const page =
      !isApi && (request.method === 'GET' || request.method === 'HEAD') ? web?.servesPage(request.url) : null;
    // Client-side routes (/queries, /users, …) all load the single-page app.
    if (web && page) return web.sendPage(reply, page);
    return reply.code(404).type('application/problem+json').send(problem(404, apiMessages.routeNotFound));
  });

  return app;
}
