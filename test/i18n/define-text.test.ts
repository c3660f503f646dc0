import { describe, expect, it } from 'vitest';
import { defineText } from '../../src/i18n/text-catalogue.js';

describe('defineText', () => {
  it('refuses two areas that define the same key, which would silently hide one of them', () => {
    const homeText = { home: { title: 'Home' } } as const;
    const dashboardText = { home: { heading: 'Dashboard' } } as const;
    expect(() => defineText(import.meta.url, homeText, dashboardText)).toThrow(
      /Two text areas beside .*define-text\.test\.ts define "home"/,
    );
  });
});
