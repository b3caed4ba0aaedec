import { type ComponentType, createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CarrierModal } from '../features/carriers/index.ts';
import { CustomerModal } from '../features/customers/index.ts';
import { InvoiceModal } from '../features/invoices/index.ts';
import { OrderModal } from '../features/orders/index.ts';
import { QueryModal } from '../features/queries/index.ts';
import { TaskModal } from '../features/tasks/index.ts';
import { UserModal } from '../features/users/components/UserModal.tsx';
import { paths } from './paths.ts';

/**
 * The drawer's "+" actions. Each resource registers here, in one place, the modal that creates
 * one; until a feature has its modal, the action opens the resource's page instead.
 */

export type InvoiceKind = 'vat' | 'proforma' | 'corrective';

/** What an add action may preset in its modal, per resource. */
export type AddPresets = {
  tasks: undefined;
  queries: undefined;
  orders: undefined;
  carriers: undefined;
  customers: undefined;
  users: undefined;
  /** The type, and what the invoice starts from: an order (its draft) or another invoice (ProForma → VAT, VAT → corrective). */
  invoices: { type: InvoiceKind; orderUuid?: string; fromInvoiceUuid?: string };
};
export type AddResource = keyof AddPresets;

export type AddModalProps<R extends AddResource> = {
  opened: boolean;
  onClose: () => void;
  preset: AddPresets[R];
};

export type AddActionEntry<R extends AddResource> = {
  /** The page to open while the resource has no modal (and the list the modal belongs to). */
  page: (preset: AddPresets[R]) => string;
  /** The create modal; register it here when the feature ships one. */
  modal?: ComponentType<AddModalProps<R>>;
};

const invoicePages: Record<InvoiceKind, string> = {
  vat: paths.invoicesVat,
  proforma: paths.invoicesProforma,
  corrective: paths.invoicesCorrective,
};

export const addActionRegistry: { [R in AddResource]: AddActionEntry<R> } = {
  tasks: {
    page: () => paths.tasks,
    modal: ({ opened, onClose }) => <TaskModal opened={opened} onClose={onClose} />,
  },
  queries: {
    page: () => paths.queries,
    modal: ({ opened, onClose }) => <QueryModal opened={opened} onClose={onClose} />,
  },
  orders: {
    page: () => paths.orders,
    modal: ({ opened, onClose }) => <OrderModal opened={opened} onClose={onClose} />,
  },
  carriers: {
    page: () => paths.carriers,
    modal: ({ opened, onClose }) => <CarrierModal opened={opened} onClose={onClose} />,
  },
  customers: {
    page: () => paths.customers,
    modal: ({ opened, onClose }) => <CustomerModal opened={opened} onClose={onClose} />,
  },
  users: {
    page: () => paths.users,
    modal: ({ opened, onClose }) => <UserModal opened={opened} onClose={onClose} />,
  },
  invoices: {
    page: (preset) => invoicePages[preset.type],
    modal: ({ opened, onClose, preset }) => <InvoiceModal opened={opened} onClose={onClose} preset={preset} />,
  },
};

type OpenAdd = <R extends AddResource>(
  resource: R,
  ...preset: AddPresets[R] extends undefined ? [] : [AddPresets[R]]
) => void;

type ActiveAdd = { resource: AddResource; preset: unknown };

const AddActionsContext = createContext<OpenAdd | null>(null);

/** Renders one resource's registered modal with its preset (the generic parameter ties the two). */
function ActiveModal<R extends AddResource>({
  resource,
  preset,
  onClose,
}: {
  resource: R;
  preset: AddPresets[R];
  onClose: () => void;
}) {
  const Modal = addActionRegistry[resource].modal as ComponentType<AddModalProps<R>> | undefined;
  return Modal ? <Modal opened onClose={onClose} preset={preset} /> : null;
}

export function AddActionsProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [active, setActive] = useState<ActiveAdd | null>(null);

  const openAdd = useCallback<OpenAdd>(
    (resource, ...rest) => {
      const preset = rest[0];
      const entry = addActionRegistry[resource] as AddActionEntry<AddResource>;
      if (entry.modal) setActive({ resource, preset });
      else navigate((entry.page as (p: unknown) => string)(preset));
    },
    [navigate],
  );

  const close = useCallback(() => setActive(null), []);
  const value = useMemo(() => openAdd, [openAdd]);

  return (
    <AddActionsContext.Provider value={value}>
      {children}
      {active && (
        <ActiveModal resource={active.resource} preset={active.preset as AddPresets[AddResource]} onClose={close} />
      )}
    </AddActionsContext.Provider>
  );
}

/** `openAdd('users')`, `openAdd('invoices', { type: 'proforma' })`, `openAdd('invoices', { type: 'vat', orderUuid })`. */
export function useAddAction(): OpenAdd {
  const openAdd = useContext(AddActionsContext);
  if (!openAdd) throw new Error('useAddAction needs AddActionsProvider');
  return openAdd;
}

/** Opens the invoice modal from anywhere with a draft: `openInvoiceModal({ type: 'vat', orderUuid })`. */
export function useOpenInvoiceModal(): (preset: AddPresets['invoices']) => void {
  const openAdd = useAddAction();
  return useCallback((preset) => openAdd('invoices', preset), [openAdd]);
}
