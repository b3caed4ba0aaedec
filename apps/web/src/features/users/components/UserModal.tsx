import { Group, MultiSelect, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROLES, roleLabels, type UserCreate, type UserUpdate } from '@spedycja/domain';
import { FormActions } from '../../../components/FormActions.tsx';
import { RecordModal } from '../../../components/RecordModal.tsx';
import { onValidationFailure, parseWith, useSaveSubmit, zodValidate } from '../../../lib/forms.ts';
import { useCreateUser } from '../api/createUser.ts';
import { useUser } from '../api/getUser.ts';
import { useUpdateUser } from '../api/updateUser.ts';
import { usersMessages as t } from '../messages.ts';
import { emptyUserForm, type UserFormValues, userSchemaFor, userToForm } from './userForm.ts';

export type UserModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The user to edit; without it the modal creates one. */
  userUuid?: string | null;
};

const MODAL_WIDTH = 720;

/** Create or edit a user. If the user cannot be loaded, the modal closes (the error is notified). */
export function UserModal({ opened, onClose, userUuid }: UserModalProps) {
  const mode = userUuid ? 'edit' : 'create';
  const user = useUser(opened ? userUuid : null);

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={mode === 'edit' ? t.editTitle : t.createTitle}
      size={MODAL_WIDTH}
      loading={mode === 'edit' && !user.data}
      loadFailed={mode === 'edit' && user.isError}
      historyPath={mode === 'edit' ? user.data?.['@id']?.replace(/^\/api/, '') : null}
    >
      <UserForm
        key={userUuid ?? 'new'}
        mode={mode}
        userUuid={userUuid ?? null}
        initialValues={user.data ? userToForm(user.data) : emptyUserForm()}
        onCancel={onClose}
        onSaved={onClose}
      />
    </RecordModal>
  );
}

type UserFormProps = {
  mode: 'create' | 'edit';
  userUuid: string | null;
  initialValues: UserFormValues;
  onCancel: () => void;
  onSaved: () => void;
};

function UserForm({ mode, userUuid, initialValues, onCancel, onSaved }: UserFormProps) {
  const schema = userSchemaFor(mode);
  const form = useForm<UserFormValues>({ initialValues, validate: zodValidate(schema) });
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const runSave = useSaveSubmit(form);
  const saving = createUser.isPending || updateUser.isPending;

  const handleSubmit = form.onSubmit(
    (values) =>
      runSave(async () => {
        if (mode === 'create') {
          const payload = parseWith(schema, values) as UserCreate | null;
          if (!payload) return;
          await createUser.mutateAsync(payload);
        } else {
          const payload = parseWith(schema, values) as UserUpdate | null;
          if (!payload || !userUuid) return;
          await updateUser.mutateAsync({ uuid: userUuid, payload });
        }
        onSaved();
      }),
    onValidationFailure,
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={mode === 'edit' ? t.editTitle : t.createTitle}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t.fields.login} autoComplete="off" {...form.getInputProps('login')} />
        <TextInput label={t.fields.name} autoComplete="off" {...form.getInputProps('name')} />
        <PasswordInput
          label={t.fields.password}
          description={mode === 'edit' ? t.fields.passwordKeep : undefined}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t.fields.passwordToggle }}
          {...form.getInputProps('plainPassword')}
        />
        <MultiSelect
          label={t.fields.roles}
          data={ROLES.map((role) => ({ value: role, label: roleLabels[role] }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('roles')}
        />
        <Group grow align="flex-start" gap="sm">
          <TextInput
            label={t.fields.phonePrefix}
            maw={110}
            inputMode="numeric"
            {...form.getInputProps('phonePrefix')}
          />
          <TextInput label={t.fields.phone} inputMode="tel" {...form.getInputProps('phone')} />
        </Group>
        <TextInput label={t.fields.email} type="email" autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label={t.fields.telegramUserId} autoComplete="off" {...form.getInputProps('telegramUserId')} />
      </SimpleGrid>
      <FormActions saving={saving} onCancel={onCancel} />
    </form>
  );
}
