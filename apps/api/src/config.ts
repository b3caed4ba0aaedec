import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';

/** Every environment variable the server reads, with its default (the README's table mirrors this). */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Spedycja <no-reply@spedycja.local>'),
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  GEOCODER_URL: z.string().url().optional(),
  ROUTER_URL: z.string().url().optional(),
  /** Issue 39: the map's tiles, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png (none: a plain background). */
  MAP_TILES_URL: z.string().url().optional(),
  NBP_API_URL: z.string().url().default('https://api.nbp.pl/api'),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  // Telegram's secret_token: 1-256 characters A-Z, a-z, 0-9, _ and -.
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'TELEGRAM_WEBHOOK_SECRET: 1-256 characters A-Z, a-z, 0-9, _ or -')
    .optional()
    .or(z.literal('')),
  TELEGRAM_POLL_SECONDS: z.coerce.number().min(0.05).max(30).default(5),
  REMINDERS_POLL_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
  KSEF_API_URL: z.string().url().optional().or(z.literal('')),
  KSEF_TOKEN: z.string().optional(),
  GUS_API_URL: z.string().url().default('https://wyszukiwarkaregon.stat.gov.pl/wsBIR/UslugaBIRzewnPubl.svc'),
  GUS_API_KEY: z.string().optional(),
  VIES_API_URL: z.string().url().default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  WL_API_URL: z.string().url().default('https://wl-api.mf.gov.pl'),
  APP_SECRET: z.string().min(16, 'APP_SECRET must have at least 16 characters').optional().or(z.literal('')),
  LOG_LEVEL: z.string().default('info'),
  LIST_COUNT_CACHE_SECONDS: z.coerce.number().min(0).default(10),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TLS_CERT: z.string().optional(),
  TLS_KEY: z.string().optional(),
  BACKUP_DIR: z.string().optional(),
  FILES_DIR: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().optional(),
  BACKUP_CRON: z.string().default('30 2 * * *'),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
});

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  adminUsername: string;
  adminPassword: string | undefined;
  login: { maxFailures: number; maxFailuresPerIp: number; windowMinutes: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The base of links in e-mails: PUBLIC_URL, or (unset) http://localhost:{port} for mail no request caused. */
  publicUrl: string;
  /** Without PUBLIC_URL, mail a request causes links to the address that request reached the app at. */
  publicUrlSet: boolean;
  webDist: string | undefined;
  geocoderUrl: string | undefined;
  routerUrl: string | undefined;
  mapTilesUrl: string | undefined;
  nbpApiUrl: string;
  telegram: { botToken: string | undefined; apiUrl: string; webhookSecret: string | undefined; pollMs: number };
  /** Issue 26: how often the payment reminders worker looks for due steps. */
  remindersPollMs: number;
  /** KSEF_API_URL overrides the environment's base URL (the fake KSeF); KSEF_TOKEN is used when none is stored. */
  ksef: { apiUrl: string | undefined; token: string | undefined };
  /** The registers parties are checked in: GUS (REGON, BIR1.1; no key: not configured), VIES, the VAT white list. */
  registers: { gusUrl: string; gusKey: string | undefined; viesUrl: string; wlUrl: string };
  /** The key of secrets kept in the database (the KSeF token); unset: one generated into the data folder. */
  appSecret: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  listCountCacheMs: number;
  /** The server's own HTTPS (PEM files' contents); undefined: plain HTTP. */
  tls: { cert: string; key: string } | undefined;
  /**
   * Uploaded files (issue 25): on disk in `filesDir`, or in an S3-compatible bucket when S3_ENDPOINT and S3_BUCKET
   * are set.
   */
  files: {
    dir: string;
    s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string } | undefined;
  };
  backup: {
    dir: string;
    /** Cron expression in Warsaw time; 'off' (or empty) disables the nightly backup. */
    cron: string | null;
    keep: number;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: e.JWT_SECRET ?? secretFor(e.NODE_ENV, dataDir),
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
    },
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: Boolean(e.PUBLIC_URL),
    webDist: e.WEB_DIST,
    geocoderUrl: e.GEOCODER_URL || undefined,
    routerUrl: e.ROUTER_URL || undefined,
    mapTilesUrl: e.MAP_TILES_URL || undefined,
    nbpApiUrl: e.NBP_API_URL,
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN?.trim() || undefined,
      apiUrl: e.TELEGRAM_API_URL,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET || undefined,
      pollMs: Math.round(e.TELEGRAM_POLL_SECONDS * 1000),
    },
    remindersPollMs: Math.round(e.REMINDERS_POLL_SECONDS * 1000),
    ksef: { apiUrl: e.KSEF_API_URL || undefined, token: e.KSEF_TOKEN?.trim() || undefined },
    registers: {
      gusUrl: e.GUS_API_URL,
      gusKey: e.GUS_API_KEY?.trim() || undefined,
      viesUrl: e.VIES_API_URL,
      wlUrl: e.WL_API_URL,
    },
    appSecret: e.APP_SECRET || undefined,
    logLevel: e.LOG_LEVEL,
    listCountCacheMs: e.LIST_COUNT_CACHE_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    tls: readTls(e.TLS_CERT || undefined, e.TLS_KEY || undefined),
    files: {
      dir: path.resolve(e.FILES_DIR || path.join(dataDir, 'files')),
      s3: s3Config(e),
    },
    backup: {
      dir: path.resolve(e.BACKUP_DIR || path.join(dataDir, 'backups')),
      cron: backupCron(e.BACKUP_CRON),
      keep: e.BACKUP_KEEP,
    },
  };
}

/** S3_ENDPOINT with S3_BUCKET and both keys, or none of them. */
function s3Config(e: z.infer<typeof envSchema>): Config['files']['s3'] {
  const endpoint = e.S3_ENDPOINT?.trim();
  const bucket = e.S3_BUCKET?.trim();
  if (!endpoint && !bucket) return undefined;
  const missing = [
    ['S3_ENDPOINT', endpoint],
    ['S3_BUCKET', bucket],
    ['S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID],
    ['S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY],
  ]
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0)
    throw new Error(`Invalid configuration:\nthe S3 file store needs ${missing.join(', ')} as well`);
  return {
    endpoint: (endpoint as string).replace(/\/$/, ''),
    bucket: bucket as string,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    region: e.S3_REGION?.trim() || 'us-east-1',
  };
}

/** BACKUP_CRON: a cron expression (checked now, not at 02:30), or 'off'. */
function backupCron(value: string): string | null {
  const expression = value.trim();
  if (['', 'off', 'false'].includes(expression.toLowerCase())) return null;
  try {
    new Cron(expression, { paused: true }).stop();
  } catch (error) {
    throw new Error(`Invalid configuration:\nBACKUP_CRON: ${(error as Error).message}`);
  }
  return expression;
}

/** TLS_CERT and TLS_KEY name PEM files; both or neither. */
function readTls(certFile: string | undefined, keyFile: string | undefined) {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile)
    throw new Error('Invalid configuration:\nTLS_CERT and TLS_KEY: set both (PEM files) or neither.');
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`Invalid configuration:\n${name}: cannot read ${file} (${(error as Error).message})`);
    }
  };
  return { cert: read('TLS_CERT', certFile), key: read('TLS_KEY', keyFile) };
}

/** Production needs an explicit secret; the embedded mode generates one once into the data folder. */
function secretFor(nodeEnv: string, dataDir: string): string {
  if (nodeEnv === 'production') {
    throw new Error('JWT_SECRET is required when NODE_ENV=production (at least 32 characters).');
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
