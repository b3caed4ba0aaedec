import { Alert, Paper, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { CarrierTexts } from '../messages.ts';
import type { PortalView } from './portalApi.ts';

/** The carrier's page's shared pieces, used by the page and by its lazily loaded parts (issue 39: the 100 kB budget). */

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A finger's target: every button of the page at least 48 px tall (WCAG's 44 px, with room). */
export const TAP = { mih: 48 } as const;

/**
 * The page's colours for a phone outdoors: Mantine's 'dimmed' grey (3.3:1 on white) and its red asterisk darkened
 * to pass 4.5:1, for every text of the page at once.
 */
export const READABLE = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
} as CSSProperties;

export type Notice = { ok: boolean; text: string; at: string };

/** What an action answered, shown beside the button that was pressed, and brought into view. */
export function NoticeFor({ notice, name }: { notice: Notice | null; name: string | string[] }) {
  if (!notice || ![name].flat().includes(notice.at)) return null;
  return (
    <Alert
      ref={(el: HTMLDivElement | null) => el?.scrollIntoView({ block: 'nearest' })}
      color={notice.ok ? 'green' : 'red'}
      role={notice.ok ? 'status' : 'alert'}
    >
      {notice.text}
    </Alert>
  );
}

export type ActProps = {
  t: CarrierTexts;
  busy: string | null;
  token: string;
  notice: Notice | null;
  act: (name: string, work: () => Promise<PortalView | null>, done?: string) => Promise<void>;
};
