import type { Config } from '../../config.ts';
import { createGusClient } from '../../integrations/gus/http.ts';
import type { GusClient } from '../../integrations/gus/types.ts';
import { createViesClient } from '../../integrations/vies/http.ts';
import type { ViesClient } from '../../integrations/vies/types.ts';
import { createWhitelistClient } from '../../integrations/whitelist/http.ts';
import type { WhitelistClient } from '../../integrations/whitelist/types.ts';

/** The outside registers, each behind its interface (tests pass clients bound to the local fakes' URLs). */
export type Registers = { gus: GusClient; vies: ViesClient; whitelist: WhitelistClient };

export function createRegisters(config: Config): Registers {
  const r = config.registers;
  return {
    gus: createGusClient({ url: r.gusUrl, key: r.gusKey }),
    vies: createViesClient({ url: r.viesUrl }),
    whitelist: createWhitelistClient({ url: r.wlUrl }),
  };
}
