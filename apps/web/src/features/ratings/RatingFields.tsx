import { Chip, Group, Paper, Rating, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RATING_COMMENT_MAX, RATING_TAGS, type Rating as RatingRecord, ratingMessages as t } from '@spedycja/domain';
import { type ReactNode, useEffect } from 'react';
import { notifyError } from '../../lib/notify.ts';
import { useOrderRating, useSaveRating } from './api.ts';

type RatingFormValues = { score: number; tags: string[]; comment: string };

const toForm = (rating: RatingRecord | null | undefined): RatingFormValues => ({
  score: rating?.score ?? 0,
  tags: rating?.tags ?? [],
  comment: rating?.comment ?? '',
});

/**
 * Issue 39: the optional rating of the order's carrier asked in the unloading confirmation (1–5, the reasons, a
 * comment). Its fields sit in the confirmation's form (an uncontrolled form of its own, so that typing the comment
 * re-renders nothing); `save` runs after the confirmation was saved and never fails it: a refused rating is notified.
 */
export function useRatingFields(orderUuid: string, enabled: boolean): { fields: ReactNode; save: () => Promise<void> } {
  const current = useOrderRating(orderUuid, enabled);
  const saveRating = useSaveRating();
  const form = useForm<RatingFormValues>({ mode: 'uncontrolled', initialValues: toForm(null) });
  const rating = current.data;
  const locked = rating ? Date.parse(rating.editableUntil) < Date.now() : false;
  // The rating arrives after the form was made: its values once, not on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is stable; the rating's version is the trigger.
  useEffect(() => {
    if (rating) form.setValues(toForm(rating));
  }, [rating?.uuid, rating?.version]);

  const save = async () => {
    if (!enabled || locked) return;
    const values = form.getValues();
    if (values.score < 1) return;
    const unchanged =
      rating && JSON.stringify(toForm(rating)) === JSON.stringify({ ...values, comment: values.comment.trim() });
    if (unchanged) return;
    try {
      await saveRating(orderUuid, rating ?? null, {
        score: values.score,
        tags: values.tags as RatingRecord['tags'],
        comment: values.comment,
      });
    } catch (error) {
      notifyError(t.save, error);
    }
  };

  const fields = enabled ? (
    <Paper withBorder p="sm" radius="md" aria-label={t.title} role="group">
      <Stack gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t.title}
          </Text>
          <Rating
            key={form.key('score')}
            {...form.getInputProps('score')}
            readOnly={locked}
            getSymbolLabel={(value) => `${value} z 5`}
          />
        </Group>
        <Chip.Group multiple key={form.key('tags')} {...form.getInputProps('tags')}>
          <Group gap={6} aria-label={t.tags}>
            {RATING_TAGS.map((tag) => (
              <Chip key={tag} value={tag} size="xs" disabled={locked}>
                {tag}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {/* One line, so that the confirmation stays short enough not to scroll while typing (the typing walk). */}
        <TextInput
          key={form.key('comment')}
          {...form.getInputProps('comment')}
          label={t.comment}
          maxLength={RATING_COMMENT_MAX}
          disabled={locked}
        />
        {locked && (
          <Text size="xs" c="dimmed">
            {t.locked}
          </Text>
        )}
      </Stack>
    </Paper>
  ) : null;
  return { fields, save };
}
