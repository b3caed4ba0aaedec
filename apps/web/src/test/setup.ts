import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy…/waitFor wait up to 15 s: a busy 2-core CI machine renders a lazy component and its first fetch in more than
// the default 1 s, and the customer modal (its panels of issues 26 and 37) with its duplicate hint after the pause in
// more than 5 s at a load of 14 (CI failed so on 2026-11-29). A wait, not a measure: a hint that never comes still fails.
configure({ asyncUtilTimeout: 15_000 });

/** What Mantine needs from a browser that jsdom does not have. */

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = () => {};
window.HTMLElement.prototype.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // The files share their modules (isolate: false): the notices' store is one for all of them.
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
});
