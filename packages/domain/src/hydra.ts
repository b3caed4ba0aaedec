/** JSON-LD/Hydra shapes of API Platform 3 that the original client reads. */
export type HydraCollection<T> = {
  '@context'?: string;
  '@id'?: string;
  '@type'?: 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  /** More rows match than were counted: `hydra:totalItems` is a lower bound (the screen says 'ponad 10 000'). */
  totalItemsCapped?: boolean;
  'hydra:view'?: {
    '@id': string;
    '@type': 'hydra:PartialCollectionView';
    'hydra:first'?: string;
    'hydra:last'?: string;
    'hydra:next'?: string;
    'hydra:previous'?: string;
  };
};

export type ProblemDetails = {
  type?: string;
  title: string;
  status: number;
  detail: string;
  /** A machine-readable reason where a client acts on it (e.g. 'whitelist_unconfirmed'). */
  code?: string;
  violations?: { propertyPath: string; message: string }[];
  /** A duplicate customer or carrier: the record that already has the NIP or phone, for the form to link to. */
  existing?: { '@id': string; uuid: string; companyName: string | null; name: string | null };
  /** A carrier's link that does not work: whom to call. */
  brokeragePhone?: string | null;
  brokerageName?: string | null;
};
