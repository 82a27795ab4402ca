import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { TIMINGS } from '@vr/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../src/components/toast/ToastProvider.tsx';
import { useToast, type ToastApi } from '../src/components/toast/toast-context.ts';
import './support.tsx';

let api: ToastApi;

function Capture({ onApi }: { onApi: (toasts: ToastApi) => void }) {
  const toasts = useToast();
  useEffect(() => onApi(toasts), [toasts, onApi]);
  return null;
}

function setup() {
  render(
    <ToastProvider>
      <Capture
        onApi={(toasts) => {
          api = toasts;
        }}
      />
    </ToastProvider>,
  );
}

function toastElement(text: string): HTMLElement | null {
  return screen.queryByText(text)?.closest<HTMLElement>('[data-severity]') ?? null;
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses 3000 ms and a 300 ms fade by default', () => {
    expect(TIMINGS.toastDefaultMs).toBe(3000);
    expect(TIMINGS.toastFadeMs).toBe(300);
  });

  it('shows, fades out during the last 300 ms, and is removed after duration + 300 ms', () => {
    setup();
    act(() => void api.success('Saved'));
    expect(toastElement('Saved')?.getAttribute('data-leaving')).toBeNull();
    act(() => vi.advanceTimersByTime(2999));
    expect(toastElement('Saved')?.getAttribute('data-leaving')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(toastElement('Saved')?.getAttribute('data-leaving')).toBe('true');
    act(() => vi.advanceTimersByTime(299));
    expect(toastElement('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(toastElement('Saved')).toBeNull();
  });

  it('honours a custom duration', () => {
    setup();
    act(() => void api.show('Card added', 'success', 4000));
    act(() => vi.advanceTimersByTime(4299));
    expect(toastElement('Card added')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(toastElement('Card added')).toBeNull();
  });

  it('shows each of the four types, errors and warnings as alerts', () => {
    setup();
    act(() => {
      api.success('ok');
      api.info('fyi');
      api.warning('careful');
      api.error('failed');
    });
    expect(toastElement('ok')?.dataset.severity).toBe('success');
    expect(toastElement('fyi')?.dataset.severity).toBe('info');
    expect(toastElement('careful')?.getAttribute('role')).toBe('alert');
    expect(toastElement('failed')?.getAttribute('role')).toBe('alert');
    expect(toastElement('fyi')?.getAttribute('role')).toBe('status');
  });

  it('can be dismissed early, still fading first', () => {
    setup();
    act(() => void api.error('Oops'));
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(toastElement('Oops')?.getAttribute('data-leaving')).toBe('true');
    act(() => vi.advanceTimersByTime(300));
    expect(toastElement('Oops')).toBeNull();
  });
});
