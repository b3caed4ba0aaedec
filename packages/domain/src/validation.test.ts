import { describe, expect, it } from 'vitest';
import { actionErrorMessage, validationMessages } from './messages.ts';
import { removeSchema } from './softDelete.ts';
import { userCreateSchema, userUpdateSchema } from './users.ts';
import { fieldErrors } from './validation.ts';

describe('validation messages of SPEC §5', () => {
  it('builds the exact Polish texts', () => {
    expect(validationMessages.minLength(5)).toBe('To pole musi zawierać minimum 5 znaków!');
    expect(validationMessages.maxLength(15)).toBe('To pole może zawierać maksymalnie 15 znaków!');
    expect(validationMessages.minValue(1)).toBe('Minimalna wartość dla tego pola to: 1!');
    expect(actionErrorMessage('tworzenia klienta')).toBe('Wystąpił błąd podczas tworzenia klienta!');
    expect(actionErrorMessage('usuwania użytkownika', 'Brak dostępu')).toBe(
      'Wystąpił błąd podczas usuwania użytkownika! Szczegóły: Brak dostępu',
    );
  });

  it('a whole sentence given as the action stays one sentence, with the details after it', () => {
    const detail = 'NBP nie odpowiedział.';
    expect(actionErrorMessage('Nie udało się utworzyć noty odsetkowej!', detail)).toBe(
      'Nie udało się utworzyć noty odsetkowej! Szczegóły: NBP nie odpowiedział.',
    );
    expect(actionErrorMessage('Nie udało się zaksięgować płatności', detail)).toBe(
      'Nie udało się zaksięgować płatności! Szczegóły: NBP nie odpowiedział.',
    );
    expect(actionErrorMessage('Nie udało się pobrać danych.')).toBe('Nie udało się pobrać danych.');
    // A phrase with a stray closing mark is not closed twice.
    expect(actionErrorMessage('tworzenia noty odsetkowej!')).toBe('Wystąpił błąd podczas tworzenia noty odsetkowej!');
  });

  it('reports the first failing rule of each field of a user', () => {
    const errors = fieldErrors(userCreateSchema, {
      login: '',
      name: '  ',
      plainPassword: 'abc',
      roles: [],
      email: 'x@',
      phone: '12',
    });
    expect(errors).toEqual({
      login: 'To pole nie może być puste!',
      name: 'To pole nie może być puste!',
      plainPassword: 'To pole musi zawierać minimum 8 znaków!',
      roles: 'To pole nie może być puste!',
      email: 'Podany adres e-mail jest niepoprawny!',
      phone: 'To pole musi zawierać minimum 5 znaków!',
    });
  });

  it('defaults the phone prefix to 48 and treats empty optional fields as null', () => {
    const user = userCreateSchema.parse({
      login: 'jan',
      name: 'Jan',
      plainPassword: 'haslo-123',
      roles: ['ROLE_USER'],
      email: '',
      phone: '600 100-200',
    });
    expect(user.phonePrefix).toBe('48');
    expect(user.email).toBeNull();
    expect(user.phone).toBe('600100200');
  });

  it('keeps the password on edit when it is left empty', () => {
    expect(userUpdateSchema.parse({ plainPassword: '' }).plainPassword).toBeNull();
    expect(fieldErrors(userUpdateSchema, { plainPassword: 'short' }).plainPassword).toBe(
      'To pole musi zawierać minimum 8 znaków!',
    );
  });

  it('defaults the deletion reason to 1', () => {
    expect(removeSchema.parse({ type: 'query' })).toEqual({ type: 'query', reason: 1 });
    expect(removeSchema.safeParse({ type: 'customer' }).success).toBe(false);
  });
});
