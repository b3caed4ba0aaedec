import { DEFAULT_PHONE_PREFIX, type User, userCreateSchema, userUpdateSchema } from '@spedycja/domain';

/** The user form's values (all text, as typed) and their conversion from a loaded user. */
export type UserFormValues = {
  login: string;
  name: string;
  plainPassword: string;
  roles: string[];
  phonePrefix: string;
  phone: string;
  email: string;
  telegramUserId: string;
};

export const emptyUserForm = (): UserFormValues => ({
  login: '',
  name: '',
  plainPassword: '',
  roles: ['ROLE_USER'],
  phonePrefix: DEFAULT_PHONE_PREFIX,
  phone: '',
  email: '',
  telegramUserId: '',
});

export const userToForm = (user: User): UserFormValues => ({
  login: user.login,
  name: user.name,
  plainPassword: '',
  roles: [...user.roles],
  phonePrefix: user.phonePrefix || DEFAULT_PHONE_PREFIX,
  phone: user.phone ?? '',
  email: user.email ?? '',
  telegramUserId: user.telegramUserId ?? '',
});

export const userSchemaFor = (mode: 'create' | 'edit') => (mode === 'create' ? userCreateSchema : userUpdateSchema);
