import { Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { apiMessages } from '@spedycja/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/apiClient.ts';
import { notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { session } from '../../../lib/session.ts';
import { login } from '../api/login.ts';
import { loginTextsFor } from '../messages.ts';

export type LoginPageProps = {
  /** After the tokens are stored: load what the app needs and go on (the app decides where). */
  onLoggedIn: () => void;
};

/** /login: 'Login', 'Hasło', 'Zaloguj'. Empty fields never reach the server (SPEC §5). */
export function LoginPage({ onLoggedIn }: LoginPageProps) {
  const [t] = useState(() => loginTextsFor(window.location.search));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // The page is there to type the login: the cursor starts in it (issue 34). A ref, not autoFocus (a11y lint).
  const usernameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    usernameRef.current?.focus();
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    if (!username.trim() || !password) {
      notifyFailure(t.missingFields);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const pair = await login({ username: username.trim(), password });
      session.setTokens(pair);
      notifySuccess(t.loginSuccess);
      onLoggedIn();
    } catch (error) {
      if (isApiError(error) && error.status === 429) notifyFailure(error.detail ?? apiMessages.tooManyRequests);
      else notifyFailure(t.loginFailed);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" bg="var(--mantine-color-gray-0)" p="md">
      <Paper component="main" withBorder shadow="sm" p="xl" radius="md" w={380} maw="100%">
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                {t.appName}
              </Title>
              <Title order={2} size="h4" fw={500} c="dimmed">
                {t.title}
              </Title>
            </div>
            <TextInput
              ref={usernameRef}
              label={t.login}
              name="username"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <PasswordInput
              label={t.password}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t.togglePassword }}
            />
            <Button type="submit" loading={busy} fullWidth mt="xs">
              {t.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
