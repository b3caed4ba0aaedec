import type { ComponentType } from 'react';
import {
  IconArchive,
  IconCalendar,
  IconChart,
  IconCoins,
  IconCustomers,
  IconOrders,
  IconQueries,
  IconReceipt,
  IconSend,
  IconSettings,
  IconShield,
  IconTasks,
  IconTrash,
  IconTruck,
  IconUser,
} from '../../components/icons.tsx';
import { payablesUiMessages } from '../../features/payables/messages.ts';
import { statementsUiMessages } from '../../features/statements/messages.ts';
import type { useAddAction } from '../addActions.tsx';
import { appMessages } from '../messages.ts';
import { paths } from '../paths.ts';

/** The side drawer's entries (SPEC §2, §6): what is shown, to whom, and which "+" action each has. */

type Icon = ComponentType<{ size?: number }>;
type OpenAdd = ReturnType<typeof useAddAction>;

export type NavLinkEntry = {
  kind: 'link';
  label: string;
  path: string;
  icon: Icon;
  adminOnly?: boolean;
  /** The tasks link carries the notification-count badge. */
  badge?: 'tasks';
  add?: { label: string; run: (openAdd: OpenAdd) => void };
};

export type NavGroupEntry = {
  kind: 'group';
  label: string;
  icon: Icon;
  adminOnly?: boolean;
  children: NavLinkEntry[];
};

export type NavEntry = NavLinkEntry | NavGroupEntry;

const d = appMessages.drawer;
const a = appMessages.addActions;

export const navigation: NavEntry[] = [
  {
    kind: 'link',
    label: d.tasks,
    path: paths.tasks,
    icon: IconTasks,
    badge: 'tasks',
    add: { label: a.tasks, run: (open) => open('tasks') },
  },
  {
    kind: 'link',
    label: d.queries,
    path: paths.queries,
    icon: IconQueries,
    add: { label: a.queries, run: (open) => open('queries') },
  },
  {
    kind: 'link',
    label: d.orders,
    path: paths.orders,
    icon: IconOrders,
    add: { label: a.orders, run: (open) => open('orders') },
  },
  {
    kind: 'link',
    label: d.carriers,
    path: paths.carriers,
    icon: IconTruck,
    add: { label: a.carriers, run: (open) => open('carriers') },
  },
  {
    kind: 'link',
    label: d.customers,
    path: paths.customers,
    icon: IconCustomers,
    add: { label: a.customers, run: (open) => open('customers') },
  },
  {
    kind: 'link',
    label: d.users,
    path: paths.users,
    icon: IconUser,
    adminOnly: true,
    add: { label: a.users, run: (open) => open('users') },
  },
  { kind: 'link', label: d.telegram, path: paths.telegram, icon: IconSend },
  {
    kind: 'group',
    label: d.loadings,
    icon: IconCalendar,
    children: [
      { kind: 'link', label: d.calendar, path: paths.loadingsCalendar, icon: IconCalendar },
      { kind: 'link', label: d.archive, path: paths.loadingsArchive, icon: IconArchive },
    ],
  },
  {
    kind: 'group',
    label: d.payments,
    icon: IconCoins,
    adminOnly: true,
    children: [
      { kind: 'link', label: d.stats, path: paths.stats, icon: IconChart },
      {
        kind: 'link',
        label: d.invoicesProforma,
        path: paths.invoicesProforma,
        icon: IconReceipt,
        add: { label: a.invoiceProforma, run: (open) => open('invoices', { type: 'proforma' }) },
      },
      {
        kind: 'link',
        label: d.invoicesVat,
        path: paths.invoicesVat,
        icon: IconReceipt,
        add: { label: a.invoiceVat, run: (open) => open('invoices', { type: 'vat' }) },
      },
      {
        kind: 'link',
        label: d.invoicesCorrective,
        path: paths.invoicesCorrective,
        icon: IconReceipt,
        add: { label: a.invoiceCorrective, run: (open) => open('invoices', { type: 'corrective' }) },
      },
      { kind: 'link', label: d.invoicesReceived, path: paths.invoicesReceived, icon: IconReceipt },
      { kind: 'link', label: statementsUiMessages.nav, path: paths.bankStatements, icon: IconCoins },
      { kind: 'link', label: payablesUiMessages.nav, path: paths.payables, icon: IconCoins },
      { kind: 'link', label: payablesUiMessages.cashflowNav, path: paths.cashflow, icon: IconChart },
    ],
  },
  { kind: 'link', label: d.settings, path: paths.settings, icon: IconSettings, adminOnly: true },
  {
    kind: 'group',
    label: d.admin,
    icon: IconShield,
    adminOnly: true,
    children: [
      { kind: 'link', label: d.deletedTasks, path: paths.deletedTasks, icon: IconTrash },
      { kind: 'link', label: d.deletedOrders, path: paths.deletedOrders, icon: IconTrash },
      { kind: 'link', label: d.deletedQueries, path: paths.deletedQueries, icon: IconTrash },
    ],
  },
];

/** The entries a user sees: admin-only ones only for admins. */
export function visibleNavigation(isAdmin: boolean): NavEntry[] {
  return navigation.filter((entry) => isAdmin || !entry.adminOnly);
}
