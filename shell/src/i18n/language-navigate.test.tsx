import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useLanguageNavigate } from './language-navigate.ts';

function renderAt(...entries: string[]) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={entries}>{children}</MemoryRouter>;
  return renderHook(() => ({ toLanguage: useLanguageNavigate(), navigate: useNavigate(), location: useLocation() }), { wrapper });
}

describe('useLanguageNavigate', () => {
  it('shows the same page in the new language, in place of the old one in history', () => {
    const { result } = renderAt('/en/templates', '/fr/pricing?plan=pro#faq');

    act(() => result.current.toLanguage('/fr/pricing?plan=pro#faq', 'de', { from: 'menu' }));
    expect(result.current.location).toMatchObject({ pathname: '/de/pricing', search: '?plan=pro', hash: '#faq', state: { from: 'menu' } });

    act(() => result.current.navigate(-1));
    expect(result.current.location.pathname).toBe('/en/templates');
  });
});
