import { Button } from '@mantine/core';
import { type ImportKind, importLabels } from '@spedycja/domain';
import { Link } from 'react-router';
import { useAuth } from '../auth/useAuth.ts';

/** 'Importuj' beside a list's add button, for admins (the server refuses the others). */
export function ImportButton({ to }: { kind: ImportKind; to: string }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return (
    <Button component={Link} to={to} variant="default">
      {importLabels.button}
    </Button>
  );
}
