import { describe, expect, it } from 'vitest';
import { linkToolCalls } from '../links';
import type { Message } from '../model';
import { brief, check } from '../testing/check';
import { json, transcript } from '../testing/importing';
import { ai, build, call, human, tool } from '../testing/messages';
import { fakeSecrets, randomChars } from '../testing/secrets';
import { runChecks } from '.';
import { possibleSecret, secretsInMessage } from './possibleSecret';

const s = fakeSecrets(3);
const s2 = fakeSecrets(4);

describe('possible-secret', () => {
  it('finds a secret in content, tool output, arguments and raw fields, each once, masked', () => {
    const messages = build(
      human(`my key is ${s['openai-api-key']}, use it`),
      ai({ toolCalls: [call('call_1', 'http_get', { args: { url: 'https://x.test', headers: { 'x-api-key': s['anthropic-api-key'] } } })] }),
      tool('call_1', { text: `env: AWS_ACCESS_KEY_ID=${s['aws-access-key-id']}` }),
      ai({ toolCalls: [call('call_2', 'run', { args: {}, argsText: JSON.stringify({ token: s['github-token'] }) })] }),
      human('hi', { raw: { type: 'human', data: { content: 'hi', additional_kwargs: { headers: { Authorization: `Bearer ${s['bearer-token']}` } } } } }),
    );
    const findings = check(possibleSecret, messages);
    expect(brief(findings)).toEqual([
      { rule: 'possible-secret', at: 0 },
      { rule: 'possible-secret', at: 1, id: 'call_1' },
      { rule: 'possible-secret', at: 2, id: 'call_1' },
      { rule: 'possible-secret', at: 3, id: 'call_2' },
      { rule: 'possible-secret', at: 4 },
    ]);
    expect(findings.map((f) => f.text)).toEqual([
      `Message #0 holds what looks like an OpenAI API key (openai-api-key: sk-proj-…${s['openai-api-key'].slice(-4)}) in its content.`,
      `Message #1 holds what looks like an Anthropic API key (anthropic-api-key: sk-ant-api03-…${s['anthropic-api-key'].slice(-4)}) in the arguments of its http_get call "call_1".`,
      `Message #2 holds what looks like an AWS access key id (aws-access-key-id: AKIA…${s['aws-access-key-id'].slice(-4)}) in its tool output.`,
      `Message #3 holds what looks like a GitHub token (github-token: ghp_…${s['github-token'].slice(-4)}) in the arguments of its run call "call_2".`,
      `Message #4 holds what looks like a bearer token (bearer-token: Bearer …${s['bearer-token'].slice(-4)}) in its raw field data.additional_kwargs.headers.Authorization.`,
    ]);
    const report = JSON.stringify(findings);
    // The report shows 4 characters of each secret at most: never its last 8, never a piece of its middle.
    for (const secret of [s['openai-api-key'], s['anthropic-api-key'], s['aws-access-key-id'], s['github-token'], s['bearer-token']]) {
      expect(report).not.toContain(secret.slice(-8));
      expect(report).not.toContain(secret.slice(13, 19));
    }
    for (const f of findings) expect(f.severity).toBe('warning');
  });

  it('one finding per distinct secret: the same key in content and raw counts once, two keys twice', () => {
    const text = `${s['google-api-key']} and ${s2['google-api-key']} and ${s['google-api-key']} again`;
    const messages = build(human(text, { raw: { role: 'user', content: text, metadata: { key: s['google-api-key'] } } }));
    expect(secretsInMessage(messages[0]!).map((x) => [x.kind, x.place])).toEqual([
      ['google-api-key', { in: 'content' }],
      ['google-api-key', { in: 'content' }],
    ]);
    expect(check(possibleSecret, messages)).toHaveLength(2);
  });

  it('names an unusual raw path, masking a key that spells a secret', () => {
    const messages = build(human('hi', { raw: { env: { [s['huggingface-token']]: 1, 'x-token': [`${s.jwt}`] } } }));
    expect(secretsInMessage(messages[0]!).map((x) => x.place)).toEqual([{ in: 'raw', path: 'env["x-token"][0]' }]);
    const keyed = build(human('hi', { raw: { [`key ${s['slack-token']}`]: `value ${s['slack-token']}` } }));
    const [finding] = check(possibleSecret, keyed);
    expect(finding?.text).toContain(`in its raw field ["key xoxb-…${s['slack-token'].slice(-4)}"]`);
    expect(finding?.text).not.toContain(s['slack-token'].slice(5, 17));
  });

  it('ordinary histories: ids, UUIDs, hashes and images are not secrets', () => {
    const image = randomChars(20_000, 5, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
    const messages = build(
      human('What is in this picture? Ask task-1234 about sk-learn.', {
        raw: {
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: image } },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${image}` } },
          ],
        },
      }),
      ai({
        id: '123e4567-e89b-12d3-a456-426614174000',
        toolCalls: [call(`toolu_01${randomChars(22, 6)}`, 'search', { args: { sha: randomChars(64, 7, '0123456789abcdef') } })],
      }),
      tool(`toolu_01${randomChars(22, 6)}`, { text: `fc_${randomChars(40, 8)} call_${randomChars(24, 9)}` }),
    );
    expect(check(possibleSecret, messages)).toEqual([]);
  });

  it('reads real inputs: a secret in an OpenAI request header field and in an Anthropic tool_use input', () => {
    const openai = transcript(
      json({
        model: 'gpt-4o',
        metadata: { note: 'x' },
        messages: [
          { role: 'user', content: 'call the API', extra_headers: { authorization: `Bearer ${s['bearer-token']}` } },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'fetch', arguments: JSON.stringify({ key: s['api-key'] }) } }],
          },
          { role: 'tool', tool_call_id: 'call_a', content: `-----BEGIN not a key ${s['slack-webhook-url']}` },
        ],
      }),
      'openai-chat',
    );
    expect(openai.findings.filter((f) => f.rule === 'possible-secret').map((f) => [f.messageIndex, f.toolCallId, f.text.replace(/ \(.*\)/, '')])).toEqual([
      [0, undefined, 'Message #0 holds what looks like a bearer token in its raw field extra_headers.authorization.'],
      [1, 'call_a', 'Message #1 holds what looks like an API key of an OpenAI-compatible provider in the arguments of its fetch call "call_a".'],
      [2, 'call_a', 'Message #2 holds what looks like a Slack webhook URL in its tool output.'],
    ]);
    const anthropic = transcript(
      json({ messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'deploy', input: { pem: s['private-key'] } }] }] }),
      'anthropic',
    );
    expect(anthropic.findings.filter((f) => f.rule === 'possible-secret').map((f) => f.text)).toEqual([
      `Message #0 holds what looks like a private key (private-key: -----BEGIN RSA PRIVATE KEY-----…(${s['private-key'].length} characters)) in the arguments of its deploy call "toolu_1".`,
    ]);
  });

  it('walks a raw value that consecutive messages share once: one finding, no rescan per message', () => {
    // 20,000 messages split from one 4 MB element: rescanned for each, that is 80 GB of text.
    const shared = { parts: Array.from({ length: 20_000 }, (_, i) => `part ${i}: ${'x'.repeat(190)}`), extra: { key: s['huggingface-token'] } };
    const messages = build(...Array.from({ length: 20_000 }, (_, i) => human(`part ${i}`, { raw: shared })));
    const started = performance.now();
    const findings = check(possibleSecret, messages);
    expect(brief(findings)).toEqual([{ rule: 'possible-secret', at: 0 }]);
    expect(findings[0]?.text).toContain('in its raw field extra.key');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('stays linear: 200,000 messages with raw input like a reader keeps, one secret deep in one of them', () => {
    const messages: Message[] = [];
    for (let i = 0; i < 200_000; i++) {
      const content = `the agent called a tool to fetch logs from the cluster, turn ${i}, and found several timeouts`;
      const fields = i === 150_000 ? { headers: { cookie: `session=${s.jwt}` } } : {};
      messages.push({
        ...build(
          human(content, { id: `human_${i}`, raw: { type: 'human', data: { content, id: `human_${i}`, additional_kwargs: fields, response_metadata: {} } } }),
        )[0]!,
        index: i,
      });
    }
    const started = performance.now();
    const findings = runChecks(messages, linkToolCalls(messages)).filter((f) => f.rule === 'possible-secret');
    const elapsed = performance.now() - started;
    expect(brief(findings)).toEqual([{ rule: 'possible-secret', at: 150_000 }]);
    expect(findings[0]?.text).toContain('in its raw field data.additional_kwargs.headers.cookie');
    // Seconds at most, even on a loaded machine (12.5 s was seen beside other test runs); a rule that rescanned the
    // whole history per message would take hours.
    expect(elapsed).toBeLessThan(30_000);
  }, 60_000);
});
