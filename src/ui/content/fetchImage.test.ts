// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { requestsForbidden } from './fetchImage';

afterEach(() => document.head.replaceChildren());

const policy = (content: string): void => {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = content;
  document.head.append(meta);
};

describe('requestsForbidden', () => {
  it("is true under the single HTML file's policy, which allows no request", () => {
    policy("default-src 'none'; script-src 'sha256-x'; img-src data:; worker-src blob:; connect-src 'none'; base-uri 'none'");
    expect(requestsForbidden()).toBe(true);
  });

  it("is false under the app's policy, and with no policy in the page", () => {
    expect(requestsForbidden()).toBe(false);
    policy("default-src 'none'; script-src 'self'; img-src data: blob:; connect-src 'self' *; worker-src 'self'");
    expect(requestsForbidden()).toBe(false);
  });
});
