import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDeviceType, useDeviceType } from './device-type';

function resizeTo(width: number) {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
}

describe('getDeviceType', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1920, 'desktop'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(getDeviceType(width)).toBe(expected);
  });
});

describe('useDeviceType', () => {
  it('follows the window across breakpoints', () => {
    resizeTo(1280);
    const { result } = renderHook(() => useDeviceType());
    expect(result.current).toBe('desktop');

    act(() => resizeTo(800));
    expect(result.current).toBe('tablet');

    act(() => resizeTo(500));
    expect(result.current).toBe('mobile');
  });
});
