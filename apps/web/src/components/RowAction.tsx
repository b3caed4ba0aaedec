import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconEdit, IconTrash } from './icons.tsx';

export type RowActionProps = {
  /** What the button does: its accessible name and its tooltip. */
  label: string;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
};

/** One icon button of a table row's actions. */
export function RowAction({ label, color, disabled, onClick, children }: RowActionProps) {
  // Mantine mounts a tooltip's floating part only while it is shown, so a long table pays nothing for it.
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** A row's edit button (the pencil). */
export function EditAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <RowAction label={label} onClick={onClick}>
      <IconEdit />
    </RowAction>
  );
}

/** A row's delete button (the red bin); what it deletes is confirmed by its caller. */
export function DeleteAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <RowAction label={label} color="red" onClick={onClick}>
      <IconTrash />
    </RowAction>
  );
}

/** One icon button of a row's actions that opens a menu of related actions (downloads, sends, confirmations). */
export function RowActionMenu({
  label,
  icon,
  color,
  busy,
  children,
}: {
  label: string;
  icon: ReactNode;
  color?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Tooltip label={label}>
        <Menu.Target>
          <ActionIcon variant="subtle" color={color} aria-label={label} loading={busy}>
            {icon}
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
