import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { componentMessages as t } from './messages.ts';
import { useHasDirtyModal } from './modalStack.ts';

/**
 * Leaving the page (a link in the drawer, Back) while a modal holds unsaved changes asks first; closing or reloading
 * the tab gets the browser's own question. One per app: the router supports one blocker.
 */
export function NavigationGuard() {
  const dirty = useHasDirtyModal();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t.unsavedTitle}
      size={440}
      closeOnClickOutside={false}
      zIndex={400}
    >
      <Text>{t.unsavedQuestion}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" data-autofocus onClick={() => blocker.reset?.()}>
          {t.keepEditing}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t.discardChanges}
        </Button>
      </Group>
    </Modal>
  );
}
