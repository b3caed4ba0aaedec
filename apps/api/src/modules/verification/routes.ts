import {
  canonicalTaxId,
  isValidPolishNip,
  type RegistryCompany,
  verifyBodySchema,
  verificationMessages as vm,
} from '@spedycja/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { collection } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { keepLookup } from './lookups.ts';
import type { Registers } from './registers.ts';
import {
  type CheckResult,
  type PartyKind,
  partyTables,
  registerError,
  runCheck,
  selectVerifications,
  storeCheck,
  toVerificationJson,
  verificationJson,
} from './service.ts';

const registryQuery = z.object({ nip: z.string().max(40).optional() });
const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  itemsPerPage: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * Company data by NIP from GUS, and the checks of customers and carriers in GUS, VIES and the VAT white list with
 * their history (the proof of each).
 */
export async function verificationRoutes(app: FastifyInstance, { db, registers }: { db: Db; registers: Registers }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Verification'];

  r.get('/api/registry/company', { schema: { tags, querystring: registryQuery } }, async (request) => {
    const nip = canonicalTaxId(request.query.nip ?? '');
    if (!nip) throw badRequest(vm.nipRequired);
    if (!isValidPolishNip(nip)) throw badRequest(vm.nipInvalid);
    const company = await registers.gus.findByNip(nip).catch((e) => registerError(e, vm.gusNoKey));
    if (!company) throw notFound(vm.gusNotFound);
    const answer: RegistryCompany = await keepLookup(db, nip, company, await actorId(db, request));
    return answer;
  });

  // The register is asked before the request's transaction opens (none is held while it answers); the handler stores
  // what it found.
  const found = new WeakMap<FastifyRequest, { result: CheckResult; partyId: number }>();

  for (const kind of ['customers', 'carriers'] as PartyKind[]) {
    const table = partyTables[kind];
    const findParty = async (id: string) => {
      const [party] = await db
        .select()
        .from(table)
        .where(eq(table.uuid, uuidParam(id)));
      if (!party) throw notFound();
      return party;
    };

    r.post(
      `/api/${kind}/:id/verify`,
      {
        schema: { tags, params: idParams, body: verifyBodySchema },
        config: {
          beforeTransaction: async (request) => {
            const { id } = request.params as { id: string };
            const party = await findParty(id);
            const { source } = request.body as z.infer<typeof verifyBodySchema>;
            found.set(request, { result: await runCheck(db, registers, kind, party, source), partyId: party.id });
          },
        },
      },
      async (request, reply) => {
        const done = found.get(request);
        if (!done) throw new AppError(500, 'internal', 'check missing');
        const { result, partyId } = done;
        const row = result.reused ?? (await storeCheck(db, kind, partyId, result, await actorId(db, request)));
        const body = await verificationJson(db, row);
        return reply
          .code(result.reused ? 200 : 201)
          .send({ ...body, ...(result.warning ? { warning: result.warning } : {}) });
      },
    );

    r.get(
      `/api/${kind}/:id/verifications`,
      { schema: { tags, params: idParams, querystring: historyQuery } },
      async (request) => {
        const party = await findParty(request.params.id);
        const owner = kind === 'customers' ? verifications.customerId : verifications.carrierId;
        const page = request.query.page ?? 1;
        const itemsPerPage = request.query.itemsPerPage ?? 30;
        const rows = await selectVerifications(db)
          .where(eq(owner, party.id))
          .orderBy(desc(verifications.checkedAt), desc(verifications.id))
          .limit(itemsPerPage)
          .offset((page - 1) * itemsPerPage);
        const [total] = await db.select({ n: count() }).from(verifications).where(eq(owner, party.id));
        const members = rows.map((r) => toVerificationJson(r.row, r.checkedBy, r.orderUuid, r.orderNumber));
        return collection(request.url, members, total?.n ?? 0, { paginated: true, page, itemsPerPage });
      },
    );
  }
}
