import { Box, Tooltip } from '@mantine/core';
import { statusDot } from '../queryText.ts';

/** The query status as a coloured dot with its name in a tooltip (and for screen readers). */
export function StatusDot({ status }: { status: string }) {
  const { color, label } = statusDot(status);
  return (
    <Tooltip label={label} withArrow>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-status={status}
        display="inline-block"
        w={14}
        h={14}
        bg={`${color}.6`}
        style={{ borderRadius: '50%', verticalAlign: 'middle' }}
      />
    </Tooltip>
  );
}
