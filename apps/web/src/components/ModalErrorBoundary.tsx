import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { componentMessages as t } from './messages.ts';

type Props = {
  /** The modal's title: the message names the window that failed. */
  title: ReactNode;
  /** Called when the content crashed: the modal keeps the form's draft for the retry. */
  onCrash: () => void;
  onClose: () => void;
  children: ReactNode;
};

type State = { error: Error | null };

/**
 * A crash inside a modal stays inside it (issue 34): the page behind keeps working, the modal says what failed and
 * 'Spróbuj ponownie' remounts its content, which starts from the draft the modal kept (useModalDraft).
 */
export class ModalErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onCrash();
    // Logged for whoever reads the console (the message on screen is for the dispatcher).
    console.error('A modal’s content crashed', error, info.componentStack);
  }

  private retry = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { title } = this.props;
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert" title={t.modalCrashed(typeof title === 'string' ? title : null)}>
          <Text size="sm">{t.modalCrashedKept}</Text>
          <Text size="xs" c="dimmed" mt="xs">
            {t.modalCrashedDetails(error.message)}
          </Text>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={this.props.onClose}>
            {t.close}
          </Button>
          <Button onClick={this.retry} data-autofocus>
            {t.retry}
          </Button>
        </Group>
      </Stack>
    );
  }
}
