import { panelTexts } from '@spedycja/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/apiClient.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { InvitePage, placeOf } from './PanelApp.tsx';
import { panelApi } from './panelApi.ts';

/** The invitation page (issue 37) speaks the customer's language, as the tracking page does. */
describe('the invitation page', () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads the language from the mail's link: English only when it says so", () => {
    expect(placeOf('/panel/invite/abc_DEF-1', '?lang=en')).toEqual({ tab: 'invite', token: 'abc_DEF-1', lang: 'en' });
    expect(placeOf('/panel/invite/abc_DEF-1', '')).toEqual({ tab: 'invite', token: 'abc_DEF-1', lang: 'pl' });
    expect(placeOf('/panel/invite/abc_DEF-1', '?lang=xx')).toMatchObject({ lang: 'pl' });
  });

  it('is English for an English-speaking customer: labels, a short password, a spent invitation, the success', async () => {
    const en = panelTexts.en;
    const accept = vi.spyOn(panelApi, 'acceptInvitation');
    renderWithProviders(<InvitePage token="t0ken" lang="en" />);
    expect(document.documentElement.lang).toBe('en');
    const password = screen.getByLabelText(en.password, { exact: true });
    const again = screen.getByLabelText(en.passwordAgain);
    const submit = screen.getByRole('button', { name: en.setPassword });

    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.change(again, { target: { value: 'short' } });
    fireEvent.click(submit);
    expect(await screen.findByText(en.passwordTooShort)).toBeTruthy();
    expect(accept).not.toHaveBeenCalled();

    accept.mockRejectedValueOnce(new ApiError(404, 'To zaproszenie jest nieprawidłowe'));
    fireEvent.change(password, { target: { value: 'Long-Enough-2026' } });
    fireEvent.change(again, { target: { value: 'Long-Enough-2026' } });
    fireEvent.click(submit);
    expect(await screen.findByText(en.invitationInvalid)).toBeTruthy();

    accept.mockResolvedValueOnce({ message: 'Hasło zostało ustawione.', username: 'bob@example.com' });
    fireEvent.click(submit);
    expect(await screen.findByText(`${en.passwordDone} Login: bob@example.com`)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.login })).toBeTruthy();
    await waitFor(() => expect(accept).toHaveBeenCalledWith('t0ken', 'Long-Enough-2026'));
  });

  it('stays Polish without the language', () => {
    renderWithProviders(<InvitePage token="t0ken" lang="pl" />);
    expect(screen.getByRole('button', { name: panelTexts.pl.setPassword })).toBeTruthy();
    expect(screen.getByLabelText(panelTexts.pl.passwordAgain)).toBeTruthy();
  });
});
