import { Button, FileButton, Group, List, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { formatInstant } from '@spedycja/domain';
import { useState } from 'react';
import { type PortalView, portalApi, previewUrl } from './portalApi.ts';
import { type ActProps, NoticeFor, Section, TAP } from './portalParts.tsx';

/**
 * The carrier's documents: the kind, an invoice's figures, the file, the list with previews. A chunk of its own,
 * loaded once the order is accepted: its segmented control and file button are the page's heaviest parts (issue 39
 * moved it out of the first load, which location sharing would have pushed past its 100 kB budget).
 */
const previewable = (contentType: string) => contentType === 'application/pdf' || contentType.startsWith('image/');

export default function Documents({ t, view, busy, act, token, notice }: ActProps & { view: PortalView }) {
  const [kind, setKind] = useState<'cmr' | 'invoice' | 'other'>('cmr');
  // An invoice's number, issue date and gross, sent with its file for the office to confirm.
  const [figures, setFigures] = useState(['', '', '']);
  return (
    <Section title={t.documentsTitle}>
      <Stack gap="xs">
        <SegmentedControl
          aria-label={t.kind}
          value={kind}
          onChange={(value) => setKind(value as typeof kind)}
          data={(['cmr', 'invoice', 'other'] as const).map((k) => ({ value: k, label: t.kinds[k] }))}
          fullWidth
          // A finger's target, and 'CMR / dokument dostawy' whole on two lines rather than cut on a narrow phone.
          styles={{
            label: {
              minHeight: 44,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              whiteSpace: 'normal',
              lineHeight: 1.2,
            },
          }}
        />
        {kind === 'invoice' &&
          t.figures.map((label, i) => (
            <TextInput
              key={label}
              label={label}
              type={i === 1 ? 'date' : 'text'}
              inputMode={i === 2 ? 'decimal' : undefined}
              value={figures[i]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setFigures(figures.map((v, j) => (j === i ? value : v)));
              }}
            />
          ))}
        <FileButton
          accept="application/pdf,image/jpeg,image/png,image/heic,.heic"
          onChange={(file) => {
            if (!file) return;
            void act(
              'upload',
              async () => {
                await portalApi.upload(token, kind, file, kind === 'invoice' ? figures : []);
                return null;
              },
              t.uploaded,
            );
          }}
        >
          {(props) => (
            <Button {...props} {...TAP} size="md" variant="light" loading={busy === 'upload'}>
              {t.chooseFile}
            </Button>
          )}
        </FileButton>
        <NoticeFor notice={notice} name="upload" />
        <Text size="xs" c="dimmed">
          {t.fileHint}
        </Text>
        {view.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noDocuments}
          </Text>
        ) : (
          <List size="sm" spacing={4} listStyleType="none" aria-label={t.documentsTitle}>
            {view.documents.map((d) => (
              <List.Item key={d.uuid}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t.kinds[d.kind]}: {d.fileName} ({formatInstant(d.addedAt)})
                  </Text>
                  {/* A new tab: a phone shows a PDF in its own viewer, never inside a page. */}
                  {previewable(d.contentType) && (
                    <Button
                      {...TAP}
                      component="a"
                      href={previewUrl(token, d.uuid)}
                      target="_blank"
                      rel="noopener"
                      variant="subtle"
                      flex="none"
                      aria-label={`${t.preview}: ${d.fileName}`}
                    >
                      {t.preview}
                    </Button>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Section>
  );
}
