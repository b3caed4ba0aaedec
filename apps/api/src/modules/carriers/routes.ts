import { carrierCreateSchema, carrierMessages, carrierUpdateSchema, partyIssues } from '@spedycja/domain';
import { carriers } from '../../db/schema/index.ts';
import { partyRoutes } from '../parties/routes.ts';
import { carrierFilters, toCarrierJson } from './repository.ts';

export const carriersRoutes = partyRoutes({
  path: 'carriers',
  tag: 'Carriers',
  table: carriers,
  createSchema: carrierCreateSchema,
  updateSchema: carrierUpdateSchema,
  mergedIssues: partyIssues,
  filters: carrierFilters,
  toJson: toCarrierJson as (row: never) => unknown,
  duplicateMessage: carrierMessages.duplicate,
  duplicateOf: { nip: carrierMessages.duplicateNip, phone: carrierMessages.duplicatePhone },
  inUseMessage: carrierMessages.inUse,
});
