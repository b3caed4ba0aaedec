import { createContext, useContext } from 'react';
import { componentMessages, shipmentFilterMessages } from './messages.ts';

/** A dictionary's shape: the Polish texts' keys, with any string (not the Polish literal) as a value. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : T[K] };

/** Every label the shared table, filter row, dates and dialogs show: Polish by default (SPEC §2). */
export type ComponentTexts = Widen<typeof componentMessages> & {
  shipment: Widen<typeof shipmentFilterMessages>;
  /** The language countries are named in (a BCP 47 tag for Intl.DisplayNames); none: the domain's Polish names. */
  countryLanguage?: string;
};

export const polishComponentTexts: ComponentTexts = { ...componentMessages, shipment: shipmentFilterMessages };

const ComponentTextsContext = createContext<ComponentTexts>(polishComponentTexts);

/**
 * The shared components' labels for a subtree. The office never sets it (its Polish is the default); the customer
 * panel (issue 37) passes an English customer's dictionary, so the same DataTable and FilterRow speak English there.
 */
export const ComponentTextsProvider = ComponentTextsContext.Provider;

export function useComponentTexts(): ComponentTexts {
  return useContext(ComponentTextsContext);
}
