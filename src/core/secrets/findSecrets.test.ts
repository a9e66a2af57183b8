import { describe, expect, it } from 'vitest';
import { fakeSecrets, randomChars } from '../testing/secrets';
import { findSecrets, redactSecrets } from '.';
import { PATTERNS, type SecretKind } from './patterns';

const secrets = fakeSecrets();
const kinds = Object.keys(secrets) as SecretKind[];

/** [kind, the secret's own text] of every hit in `text`. */
const found = (text: string): [string, string][] => findSecrets(text).map((h) => [h.kind, text.slice(h.start, h.end)]);

describe('findSecrets: every kind, real-shaped', () => {
  it.each(kinds)('%s alone, in prose, in JSON text and after an escaped line break', (kind) => {
    const secret = secrets[kind];
    const inText = kind === 'bearer-token' ? `Bearer ${secret}` : secret;
    expect(found(inText)).toEqual([[kind, secret]]);
    expect(found(`Here it is: ${inText}. Keep it safe`)).toEqual([[kind, secret]]);
    // As JSON writes it: a PEM's line breaks become \n, and the key sits between quotes.
    const json = JSON.stringify({ note: `line one\n${inText}`, other: 1 });
    expect(found(json)).toEqual([[kind, JSON.stringify(secret).slice(1, -1)]]);
    // And as Python writes it.
    expect(found(`{'key': '${inText}'}`).map(([k]) => k)).toEqual([kind]);
  });

  it('masks: a recognisable prefix and the last 4 characters, never more of the secret', () => {
    const masks = Object.fromEntries(kinds.map((kind) => [kind, findSecrets(kind === 'bearer-token' ? `Bearer ${secrets[kind]}` : secrets[kind])[0]?.masked]));
    expect(masks['openai-api-key']).toBe(`sk-proj-…${secrets['openai-api-key'].slice(-4)}`);
    expect(masks['anthropic-api-key']).toBe(`sk-ant-api03-…${secrets['anthropic-api-key'].slice(-4)}`);
    expect(masks['aws-access-key-id']).toBe(`AKIA…${secrets['aws-access-key-id'].slice(-4)}`);
    expect(masks['bearer-token']).toBe(`Bearer …${secrets['bearer-token'].slice(-4)}`);
    expect(masks['slack-webhook-url']).toBe(`https://hooks.slack.com/services/…${secrets['slack-webhook-url'].slice(-4)}`);
    expect(masks['private-key']).toMatch(/^-----BEGIN RSA PRIVATE KEY-----…\(\d+ characters\)$/);
    for (const kind of kinds) {
      const masked = masks[kind] ?? '';
      const shown = masked.split('…')[1] ?? '';
      expect(shown.replace(/^\(\d+ characters\)$/, '').length, kind).toBeLessThanOrEqual(4);
      expect(masked.length, kind).toBeLessThan(secrets[kind].length / 2);
    }
  });

  it('Authorization headers: the token only, in each way headers are written', () => {
    const token = secrets['bearer-token'];
    for (const header of [
      `Authorization: Bearer ${token}`,
      `"authorization": "Bearer ${token}"`,
      `-H 'Authorization: bearer ${token}'`,
      `{\\"Authorization\\": \\"Bearer ${token}\\"}`,
    ]) {
      expect(found(header), header).toEqual([['bearer-token', token]]);
    }
    // A known key sent as a bearer token is named as that key.
    expect(found(`Authorization: Bearer ${secrets['openai-api-key']}`)).toEqual([['openai-api-key', secrets['openai-api-key']]]);
    expect(found(`Authorization: Bearer ${secrets.jwt}`)).toEqual([['jwt', secrets.jwt]]);
  });

  it('several secrets in one text, in order', () => {
    const text = kinds.map((kind) => (kind === 'bearer-token' ? `Bearer ${secrets[kind]}` : secrets[kind])).join('\n');
    expect(found(text).map(([kind]) => kind)).toEqual(kinds);
  });

  it('a private key cut off before its END line, and one with encryption headers', () => {
    const pem = secrets['private-key'];
    const cut = pem.slice(0, 200);
    expect(found(`output: ${cut}`)).toEqual([['private-key', cut]]);
    const encrypted = pem.replace('KEY-----\n', 'KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,0123456789ABCDEF\n\n');
    expect(found(encrypted)).toEqual([['private-key', encrypted]]);
  });
});

describe('findSecrets: near misses are not secrets', () => {
  const nearMisses: [string, string][] = [
    ['tool call ids', `call_${randomChars(24, 1)} toolu_01${randomChars(22, 2)} fc_${randomChars(48, 3, '0123456789abcdef')} call_00_nUD2NC9QRN5Cg1GaoIkBJQ4s`],
    ['UUIDs', '014df517-39d1-4453-b7b3-9930c563627c 123e4567-e89b-12d3-a456-426614174000'],
    ['hashes', `sha256:${randomChars(64, 4, '0123456789abcdef')} ${randomChars(40, 5, '0123456789abcdef')}`],
    ['ordinary words', 'sk-learn, scikit-learn, task-1234, desk-lamp, risk-assessment, ask-anything, sk-research, hf_hub_download, ghp_ and xoxb- as words'],
    [
      'ids that contain a prefix',
      `task-${randomChars(40, 6)} mask-${randomChars(40, 7)} run_AKIA${randomChars(16, 8, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')} msg_${randomChars(40, 9)}hf_${randomChars(34, 10)}`,
    ],
    [
      'placeholders',
      'sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx, Bearer YOUR_API_KEY, Bearer $OPENAI_API_KEY, Bearer <token>, xoxb-your-bot-token-here, AKIAIOSFODNN7EXAMPLE',
    ],
    [
      'prose about tokens',
      'Send the Bearer token in the Authorization header. -----BEGIN PRIVATE KEY----- starts a PEM file and is followed by the base64 of the key.',
    ],
    ['a JWT-shaped string whose header is no JWT header', `eyJ${randomChars(30, 11)}.eyJ${randomChars(30, 12)}.${randomChars(30, 13)}`],
    ['a Slack example webhook', 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX'],
  ];
  it.each(nearMisses)('%s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('base64 image and audio data, even where it spells a key prefix', () => {
    // Base64 with key prefixes planted at every kind of boundary a blob has.
    const blob = `${randomChars(3000, 14, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')}/AKIA${randomChars(16, 15, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}+AIza${randomChars(35, 16)}/${randomChars(500, 17)}==`;
    expect(found(`{"type": "image_url", "image_url": {"url": "data:image/png;base64,${blob}"}}`)).toEqual([]);
    expect(found(`{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "${blob}"}}`)).toEqual([]);
    expect(found(`{"inlineData": {"mimeType": "audio/wav", "data": "${blob}"}}`)).toEqual([]);
    // The same planted key outside base64 data is found.
    expect(found(`{"text": "AKIA${randomChars(16, 15, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}"}`).map(([kind]) => kind)).toEqual(['aws-access-key-id']);
  });
});

describe('findSecrets stays linear on adversarial text', () => {
  // Each string is built to make a backtracking pattern retry from every position: quadratic, it would take
  // minutes at this size; linear, a fraction of a second.
  const N = 1_000_000;
  const repeat = (unit: string) => unit.repeat(Math.ceil(N / unit.length)).slice(0, N);
  const adversarial: [string, string][] = [
    ['key prefixes over and over', repeat('sk-sk-ant-api03-sk-proj-')],
    ['JWT segments without their third part', repeat('eyJ-ey-')],
    ['JWT headers with dots', repeat('eyJaaaaaaaaaaaa.eyJ')],
    ['BEGIN lines without END', repeat('-----BEGIN RSA PRIVATE KEY-----AAAA')],
    ['bearer over and over', repeat('Bearer Bearer aaaa ')],
    ['webhook prefixes', repeat('hooks.slack.com/services/')],
    ['a single long token', `sk-${'a'.repeat(N)}_`],
    ['escaped line breaks', repeat('\\nsk-\\nAKIA')],
    ['data URLs without data', repeat('data:image/png;base64,')],
    ['one long run of key characters', repeat('AKIAghp_hf_xoxb-AIza')],
  ];
  it.each(adversarial)('%s', (_name, text) => {
    const started = performance.now();
    for (const pattern of PATTERNS) new RegExp(pattern.re.source, 'g').test(text);
    findSecrets(text);
    redactSecrets(text);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('redactSecrets', () => {
  it('replaces each secret by [REDACTED:<kind>] and keeps everything else', () => {
    const text = `A ${secrets['github-token']} and B ${secrets['aws-access-key-id']}.`;
    expect(redactSecrets(text)).toEqual({
      text: 'A [REDACTED:github-token] and B [REDACTED:aws-access-key-id].',
      hits: findSecrets(text),
    });
    expect(redactSecrets('nothing here')).toEqual({ text: 'nothing here', hits: [] });
  });

  it('JSON stays JSON with the same structure, every kind in every place', () => {
    const value = Object.fromEntries(
      kinds.map((kind) => [
        kind,
        {
          text: kind === 'bearer-token' ? `Authorization: Bearer ${secrets[kind]}` : `key ${secrets[kind]}\nnext`,
          args: JSON.stringify({ key: secrets[kind] }),
        },
      ]),
    );
    for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
      const redacted = redactSecrets(text);
      const parsed = JSON.parse(redacted.text) as Record<string, { text: string; args: string }>;
      expect(Object.keys(parsed)).toEqual(kinds);
      for (const kind of kinds) {
        expect(parsed[kind]!.text).toContain(`[REDACTED:${kind}]`);
        expect(JSON.parse(parsed[kind]!.args)).toEqual({ key: kind === 'bearer-token' ? secrets[kind] : `[REDACTED:${kind}]` });
      }
      expect(redacted.text).not.toMatch(/REDACTED[^\]]*\\/);
      expect(findSecrets(redacted.text).filter((h) => h.kind !== 'bearer-token')).toEqual([]);
    }
  });
});
