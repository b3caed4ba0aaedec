import { Alert, Loader, Stack, Text } from '@mantine/core';
import { isApiError } from '../../../lib/apiClient.ts';
import { useOfferVerification } from '../api/verifyOffer.ts';
import { publicMessages as t } from '../messages.ts';

/** The message for a failed verification: the server's (410: a bad or expired link) or a general one. */
export function verificationErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 410) return error.detail ?? t.linkInvalid;
  return t.verifyFailed;
}

/** '/verify?token=…': activates the carrier's offer from the e-mailed link and says how it went. */
export function VerifyOfferPage({ token }: { token: string | null }) {
  const verification = useOfferVerification(token);

  if (!token) {
    return (
      <Alert color="red" role="alert">
        {t.linkInvalid}
      </Alert>
    );
  }
  if (verification.isPending) {
    return (
      <Stack align="center" gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t.verifying}</Text>
      </Stack>
    );
  }
  if (verification.isError) {
    return (
      <Alert color="red" role="alert">
        {verificationErrorMessage(verification.error)}
      </Alert>
    );
  }
  const { status, message } = verification.data;
  return (
    <Alert color={status === 'verified' ? 'green' : 'blue'} role="status">
      {message || (status === 'verified' ? t.verified : t.alreadyVerified)}
    </Alert>
  );
}
