import { Modal, type ModalProps } from '@mantine/core';
import { MAIN_MODAL_WIDTH } from './constants.ts';
import { componentMessages as t } from './messages.ts';
import { useIsTopmostModal } from './modalStack.ts';

export type AppModalProps = Omit<ModalProps, 'closeOnClickOutside' | 'closeOnEscape'>;

/**
 * The app's modal conventions (SPEC §2): persistent (a click outside does not close it),
 * closable with Esc (only the topmost one when one opens another), 1000 px wide unless a smaller size is given.
 */
export function AppModal({ size = MAIN_MODAL_WIDTH, closeButtonProps, ...props }: AppModalProps) {
  const topmost = useIsTopmostModal(props.opened);
  return (
    <Modal
      size={size}
      closeOnClickOutside={false}
      closeOnEscape={topmost}
      closeButtonProps={{ 'aria-label': t.close, ...closeButtonProps }}
      {...props}
    />
  );
}
