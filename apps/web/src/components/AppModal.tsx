import { Box, Button, Group, Modal, type ModalProps, Text } from '@mantine/core';
import {
  createContext,
  type KeyboardEvent,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { MAIN_MODAL_WIDTH } from './constants.ts';
import { ModalErrorBoundary } from './ModalErrorBoundary.tsx';
import { useDirtyModalRegistration, useIsTopmostModal } from './modalStack.ts';
import { useComponentTexts } from './texts.tsx';

export type AppModalProps = Omit<ModalProps, 'closeOnClickOutside' | 'closeOnEscape'>;

/** What a form inside a modal tells it (and asks of it): whether something typed is unsaved, and to close. */
type ModalGuard = {
  setDirty: (dirty: boolean) => void;
  /** A getter asked at the moment of closing (a value pasted just before Esc is not rendered yet). */
  setDirtyCheck: (check: (() => boolean) | null) => void;
  requestClose: () => void;
  /**
   * The form's values, kept by the modal so that a crash of its content does not lose them; `latest`, when given, is
   * asked at the crash (an uncontrolled form's keys do not render it, so the noted values lag what was typed).
   */
  noteDraft: (values: unknown, latest?: () => unknown) => void;
  /** The values kept at a crash, once: the form remounted by 'Spróbuj ponownie' starts from them. */
  takeDraft: () => { values: unknown } | null;
};
const ModalGuardContext = createContext<ModalGuard | null>(null);

/**
 * A form reports whether it holds unsaved changes; its modal then asks before closing. `isDirty`, when given, is
 * asked at the moment of closing too: the rendered `dirty` lags a change made just before Esc (a paste then Esc).
 */
export function useModalDirty(dirty: boolean, isDirty?: () => boolean) {
  const guard = useContext(ModalGuardContext);
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;
  useEffect(() => {
    guard?.setDirty(dirty);
  }, [guard, dirty]);
  useEffect(() => {
    guard?.setDirtyCheck(() => isDirtyRef.current?.() ?? false);
    return () => {
      guard?.setDirty(false);
      guard?.setDirtyCheck(null);
    };
  }, [guard]);
}

/**
 * A form's values kept by its modal (the app keeps a draft in the open form): when the modal's content crashes, the
 * error boundary shows what failed and 'Spróbuj ponownie' remounts the form with what was typed. `restore` gets them.
 */
export function useModalDraft<T>(values: T, restore: (values: T) => void, latest?: () => T) {
  const guard = useContext(ModalGuardContext);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  const latestRef = useRef(latest);
  latestRef.current = latest;
  // Declared before the noting effect: it runs first, so the values typed before the crash win over the initial ones.
  useEffect(() => {
    const kept = guard?.takeDraft();
    if (kept) restoreRef.current(kept.values as T);
  }, [guard]);
  useEffect(() => {
    guard?.noteDraft(values, () => (latestRef.current ? latestRef.current() : values));
  }, [guard, values]);
}

/** Closes the surrounding modal the way its × does (asking first when something typed would be lost). */
export function useRequestModalClose(): (() => void) | null {
  return useContext(ModalGuardContext)?.requestClose ?? null;
}

/** Dropdowns (selects, date pickers, autocompletes) of Mantine, portalled or not. */
const OPEN_DROPDOWN = '.mantine-Popover-dropdown, .mantine-Combobox-dropdown';

/** Selects keep their dropdowns mounted and hidden (display: none): only a shown one counts. */
const isDropdownOpen = () =>
  [...document.querySelectorAll<HTMLElement>(OPEN_DROPDOWN)].some(
    (element) => element.style.display !== 'none' && getComputedStyle(element).display !== 'none',
  );

/**
 * Esc presses that happened while a dropdown was open: they close the dropdown only. Noted in the capture phase,
 * before the dropdown's own handler closes it.
 */
const dropdownEscapes = new WeakSet<Event>();
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape' && isDropdownOpen()) dropdownEscapes.add(event);
    },
    true,
  );
}

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);

/**
 * The app's modal conventions (SPEC §2): persistent (a click outside does not close it), closable with Esc (only the
 * topmost one when one opens another, and not while one of its dropdowns is open: Esc closes the dropdown), 1000 px
 * wide unless a smaller size is given. A form inside that reports unsaved changes (useModalDirty) makes Esc, the ×,
 * 'Anuluj' and leaving the page ask first. Enter never saves a form by accident; Ctrl+Enter saves it.
 */
export function AppModal({
  size = MAIN_MODAL_WIDTH,
  closeButtonProps,
  onClose,
  opened,
  children,
  ...props
}: AppModalProps) {
  const t = useComponentTexts();
  const topmost = useIsTopmostModal(opened);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const dirtyRef = useRef(false);
  dirtyRef.current = dirty && opened;

  const dirtyCheckRef = useRef<(() => boolean) | null>(null);
  const setDirtyCheck = useCallback((check: (() => boolean) | null) => {
    dirtyCheckRef.current = check;
  }, []);

  const requestClose = useCallback(() => {
    if (dirtyRef.current || (opened && dirtyCheckRef.current?.())) setAsking(true);
    else onClose();
  }, [onClose, opened]);
  // The draft lives here, above the error boundary: a crash of the content unmounts the form but not the modal.
  const draftRef = useRef<{ values: unknown; latest?: () => unknown } | null>(null);
  const keptDraftRef = useRef<{ values: unknown } | null>(null);
  const guard = useMemo<ModalGuard>(
    () => ({
      setDirty,
      setDirtyCheck,
      requestClose,
      noteDraft: (values, latest) => {
        draftRef.current = { values, latest };
      },
      takeDraft: () => {
        const kept = keptDraftRef.current;
        keptDraftRef.current = null;
        return kept;
      },
    }),
    [requestClose, setDirtyCheck],
  );
  const keepDraft = useCallback(() => {
    const draft = draftRef.current;
    keptDraftRef.current = draft ? { values: draft.latest ? draft.latest() : draft.values } : null;
  }, []);

  useEffect(() => {
    if (!opened) {
      setDirty(false);
      setAsking(false);
      draftRef.current = null;
      keptDraftRef.current = null;
    }
  }, [opened]);

  const askingRef = useRef(false);
  askingRef.current = asking;
  useEffect(() => {
    if (!topmost) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || dropdownEscapes.has(event) || event.defaultPrevented) return;
      // Esc on the unsaved-changes question answers 'Wróć do edycji' (the question's own Esc): asking again here
      // would reopen it at once, and Esc seemed to do nothing.
      if (askingRef.current) return;
      requestClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [topmost, requestClose]);

  // Leaving the page (a link, Back: NavigationGuard) or closing the tab with unsaved changes asks too.
  useDirtyModalRegistration(dirty && opened);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter') return;
    const form = (event.target as HTMLElement).closest('form');
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      form?.requestSubmit();
    } else if (isTextField(event.target)) {
      // A date, number or select field: Enter picks or confirms there, it does not save the whole form.
      event.preventDefault();
    }
  };

  return (
    <>
      <Modal
        size={size}
        opened={opened}
        onClose={requestClose}
        closeOnClickOutside={false}
        closeOnEscape={false}
        closeButtonProps={{ 'aria-label': t.close, ...closeButtonProps }}
        {...props}
      >
        <ModalGuardContext.Provider value={guard}>
          <Box onKeyDown={handleKeyDown}>
            <ModalErrorBoundary title={props.title} onCrash={keepDraft} onClose={onClose}>
              {children}
            </ModalErrorBoundary>
          </Box>
        </ModalGuardContext.Provider>
      </Modal>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t.unsavedTitle}
        size={440}
        closeOnClickOutside={false}
        zIndex={400}
      >
        <Text>{t.unsavedQuestion}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" data-autofocus onClick={() => setAsking(false)}>
            {t.keepEditing}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setAsking(false);
              setDirty(false);
              dirtyRef.current = false;
              dirtyCheckRef.current = null;
              onClose();
            }}
          >
            {t.discardChanges}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
