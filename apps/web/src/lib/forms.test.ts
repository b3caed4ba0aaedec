import { userCreateSchema } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './apiClient.ts';
import { applyServerErrors, parseWith, violationsToErrors, zodValidate } from './forms.ts';

const valid = {
  login: 'jan',
  name: 'Jan Kowalski',
  plainPassword: 'tajnehaslo',
  roles: ['ROLE_USER'],
  phonePrefix: '48',
  phone: '',
  email: '',
  telegramUserId: '',
};

describe('zodValidate', () => {
  const validate = zodValidate(userCreateSchema);

  it('gives no errors for valid values', () => {
    expect(validate(valid)).toEqual({});
  });

  it('gives the Polish messages of SPEC §5 by field', () => {
    const errors = validate({ ...valid, login: '', plainPassword: 'krótkie', email: 'nie-email', roles: [] });
    expect(errors.login).toBe('To pole nie może być puste!');
    expect(errors.plainPassword).toBe('To pole musi zawierać minimum 8 znaków!');
    expect(errors.email).toBe('Podany adres e-mail jest niepoprawny!');
    expect(errors.roles).toBe('To pole nie może być puste!');
  });

  it('marks the top-level field of a nested error', () => {
    const errors = validate({ ...valid, roles: ['ROLE_BOSS'] });
    expect(errors['roles.0']).toBeDefined();
    expect(errors.roles).toBe(errors['roles.0']);
  });
});

describe('parseWith', () => {
  it('returns the schema output (blanks as null)', () => {
    expect(parseWith(userCreateSchema, valid)).toMatchObject({ login: 'jan', phone: null, email: null });
    expect(parseWith(userCreateSchema, { ...valid, login: '' })).toBeNull();
  });
});

describe('server violations', () => {
  it('maps violations to field errors, first message per field', () => {
    expect(
      violationsToErrors([
        { propertyPath: 'login', message: 'Zajęty' },
        { propertyPath: 'login', message: 'Drugi' },
        { propertyPath: '', message: 'Ogólny' },
      ]),
    ).toEqual({ login: 'Zajęty', _form: 'Ogólny' });
  });

  it('puts a 422 on the form and reports whether it did', () => {
    let errors: Record<string, ReactNode> = {};
    const form = { setErrors: (next: Record<string, ReactNode>) => (errors = next) };
    const error = new ApiError(422, 'Zajęty', [{ propertyPath: 'login', message: 'Zajęty' }]);
    expect(applyServerErrors(form, error)).toBe(true);
    expect(errors).toEqual({ login: 'Zajęty' });
    expect(applyServerErrors(form, new ApiError(500, null))).toBe(false);
    expect(applyServerErrors(form, new Error('x'))).toBe(false);
  });
});
