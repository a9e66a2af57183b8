// Real-shaped fake secrets for tests, built at run time from a seeded generator so that the repository holds no
// string a secret scanner (GitHub push protection, gitleaks) would take for a live key.
import type { SecretKind } from '../secrets';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE64URL = `${ALNUM}-_`;

/** `n` characters of `alphabet`, the same for the same seed. */
export function randomChars(n: number, seed: number, alphabet = ALNUM): string {
  let s = seed >>> 0 || 1;
  let out = '';
  for (let i = 0; i < n; i++) {
    // xorshift32
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    out += alphabet[s % alphabet.length];
  }
  return out;
}

const b64url = (text: string): string => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '');

/** One fake secret of each kind, as it is written where it leaks; `seed` varies them. */
export function fakeSecrets(seed = 1): Record<SecretKind, string> {
  const r = (n: number, k: number, alphabet?: string) => randomChars(n, seed * 1000 + k, alphabet);
  const openaiMarker = ['T3Bl', 'bkFJ'].join('');
  return {
    'openai-api-key': ['sk', 'proj', `${r(74, 1, BASE64URL)}${openaiMarker}${r(74, 2, BASE64URL)}`].join('-'),
    'anthropic-api-key': ['sk', 'ant', 'api03', `${r(93, 3, BASE64URL)}AA`].join('-'),
    'anthropic-admin-key': ['sk', 'ant', 'admin01', `${r(93, 4, BASE64URL)}AA`].join('-'),
    'anthropic-oauth-token': ['sk', 'ant', 'oat01', `${r(93, 5, BASE64URL)}AA`].join('-'),
    'openrouter-api-key': ['sk', 'or', 'v1', r(64, 6, '0123456789abcdef')].join('-'),
    'api-key': ['sk', r(32, 7, '0123456789abcdef')].join('-'),
    'google-api-key': ['AI', 'za', r(35, 8, BASE64URL)].join(''),
    'aws-access-key-id': ['AK', 'IA', r(16, 9, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')].join(''),
    'github-token': ['gh', 'p_', r(36, 10)].join(''),
    'github-fine-grained-pat': ['github', 'pat', `${r(22, 11)}_${r(59, 12)}`].join('_'),
    'slack-token': ['xo', 'xb-', `${r(12, 13, '0123456789')}-${r(13, 14, '0123456789')}-${r(24, 15)}`].join(''),
    'slack-webhook-url': `https://hooks.slack.com/${['services', `T${r(8, 16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}`, `B${r(10, 17, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}`, r(24, 18)].join('/')}`,
    'huggingface-token': ['h', 'f_', r(34, 19, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz')].join(''),
    jwt: [b64url('{"alg":"HS256","typ":"JWT"}'), b64url(`{"sub":"${r(12, 20)}","iat":1700000000}`), r(43, 21, BASE64URL)].join('.'),
    'bearer-token': r(40, 22, BASE64URL),
    'private-key': [
      ['-----BEGIN', 'RSA PRIVATE KEY-----'].join(' '),
      ...Array.from({ length: 6 }, (_, i) => r(64, 30 + i, `${ALNUM}+/`)),
      `${r(20, 40, `${ALNUM}+/`)}==`,
      ['-----END', 'RSA PRIVATE KEY-----'].join(' '),
    ].join('\n'),
  };
}
