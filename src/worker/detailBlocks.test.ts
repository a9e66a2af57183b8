import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importText } from '../core/import';
import type { Transcript } from '../core/model';
import { DETAIL_IMAGE_BYTES, type DetailBlock } from '../protocol/workerApi';
import { buildDetail } from './detail';
import { imageData } from './detailBlocks';
import { imageSource } from './imageSource';
import { loadTokenCounter } from './tokenCounter';

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHR8eHR0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/';
const REMOTE = 'https://images.example.test/cat.png?size=large';

function transcriptOf(history: unknown, format?: string): Transcript {
  const text = typeof history === 'string' ? history : JSON.stringify(history);
  const result = importText(text, format === undefined ? {} : { format });
  if (!result.ok) throw new Error(result.error.message);
  return result.transcript;
}

/** The image sources of every message's blocks, in order, as the detail pane gets them. */
function images(transcript: Transcript): unknown[] {
  return transcript.messages.flatMap((_, i) =>
    buildDetail(transcript, i)
      .blocks.filter((block) => block.kind === 'image')
      .map((block) => block.image),
  );
}

const inline = (mediaType: string, base64: string) => ({
  kind: 'data',
  mediaType,
  src: `data:${mediaType};base64,${base64}`,
  bytes: expect.any(Number) as number,
});

describe('image blocks, per format', () => {
  it('OpenAI Chat: image_url with a data: URL and with an http(s) URL', () => {
    const t = transcriptOf({
      model: 'gpt-4o',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}`, detail: 'low' } },
            { type: 'image_url', image_url: { url: REMOTE } },
          ],
        },
      ],
    });
    expect(t.format).toBe('openai-chat');
    expect(images(t)).toEqual([inline('image/png', PNG), { kind: 'url', url: REMOTE }]);
  });

  it('OpenAI Responses: input_image with a data: URL; a file id is a reference', () => {
    const t = transcriptOf({
      model: 'gpt-4.1',
      input: [
        {
          type: 'message',
          role: 'user',
          content: [
            { type: 'input_text', text: 'Compare' },
            { type: 'input_image', image_url: `data:image/jpeg;base64,${JPEG}` },
            { type: 'input_image', file_id: 'file-abc123' },
          ],
        },
      ],
    });
    expect(t.format).toBe('openai-responses');
    expect(images(t)).toEqual([inline('image/jpeg', JPEG), { kind: 'reference', text: 'file-abc123' }]);
  });

  it('Anthropic: an image source of type base64 and one of type url', () => {
    const t = transcriptOf({
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            { type: 'image', source: { type: 'url', url: REMOTE } },
            { type: 'text', text: 'Which is bigger?' },
          ],
        },
      ],
    });
    expect(t.format).toBe('anthropic');
    expect(images(t)).toEqual([inline('image/png', PNG), { kind: 'url', url: REMOTE }]);
  });

  it('Gemini: inlineData (camelCase and snake_case); a gs:// fileData is a reference, never fetched', () => {
    const t = transcriptOf({
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'Describe' },
            { inlineData: { mimeType: 'image/png', data: PNG } },
            { fileData: { mimeType: 'image/png', fileUri: 'gs://bucket/a.png' } },
          ],
        },
        { role: 'user', parts: [{ inline_data: { mime_type: 'image/jpeg', data: JPEG } }] },
      ],
    });
    expect(t.format).toBe('gemini');
    expect(images(t)).toEqual([inline('image/png', PNG), { kind: 'reference', text: 'gs://bucket/a.png' }, inline('image/jpeg', JPEG)]);
  });

  it('LangChain v1 blocks: base64 with mime_type, and url', () => {
    const t = transcriptOf([
      {
        type: 'human',
        data: {
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image', base64: PNG, mime_type: 'image/png' },
            { type: 'image', url: REMOTE },
          ],
        },
      },
      { type: 'ai', data: { content: 'A cat.' } },
    ]);
    expect(t.format).toBe('langchain-stored');
    expect(images(t)).toEqual([inline('image/png', PNG), { kind: 'url', url: REMOTE }]);
  });

  it('OpenTelemetry GenAI: a blob part and a uri part', () => {
    const t = transcriptOf({
      'gen_ai.input.messages': [
        {
          role: 'user',
          parts: [
            { type: 'text', content: 'What is here?' },
            { type: 'blob', modality: 'image', mime_type: 'image/png', content: PNG },
            { type: 'uri', modality: 'image', uri: REMOTE },
          ],
        },
      ],
      'gen_ai.output.messages': [{ role: 'assistant', parts: [{ type: 'text', content: 'A dot.' }], finish_reason: 'stop' }],
    });
    expect(t.format).toBe('otel-genai');
    expect(images(t)).toEqual([inline('image/png', PNG), { kind: 'url', url: REMOTE }]);
  });

  it('.NET (MEAI): a DataContent with a data: URI', () => {
    const t = transcriptOf([
      {
        role: 'user',
        contents: [
          { $type: 'text', text: 'See' },
          { $type: 'data', uri: `data:image/png;base64,${PNG}`, mediaType: 'image/png' },
        ],
      },
    ]);
    expect(t.format).toBe('meai');
    expect(images(t)).toEqual([inline('image/png', PNG)]);
  });

  it('Vercel AI SDK: an image part (bare base64 with its mediaType, or a URL) and an image file part', () => {
    const t = transcriptOf([
      { role: 'system', content: 'You describe pictures.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Which one?' },
          { type: 'image', image: PNG, mediaType: 'image/png' },
          { type: 'image', image: REMOTE },
          { type: 'file', data: JPEG, mediaType: 'image/jpeg', filename: 'b.jpg' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Compare.' },
          { type: 'text', text: 'The first.' },
        ],
      },
    ]);
    expect(t.format).toBe('vercel-ai');
    expect(images(t)).toEqual([inline('image/png', PNG), { kind: 'url', url: REMOTE }, inline('image/jpeg', JPEG)]);
  });

  it('Ollama: bare base64 `images`, their type read from their first bytes', () => {
    const t = transcriptOf(readFileSync(join(import.meta.dirname, '../../fixtures/formats/ollama/images.json'), 'utf8'));
    expect(t.format).toBe('ollama');
    expect(images(t)).toEqual([
      { kind: 'data', mediaType: 'image/png', src: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) as string, bytes: expect.any(Number) },
    ]);
  });

  it('a real Codex rollout (fixtures/real/agentcmd): the screenshot the user attached, inline', () => {
    const t = transcriptOf(
      readFileSync(join(import.meta.dirname, '../../fixtures/real/agentcmd/rollout-2025-09-24T20-12-23-01997ea4-a70d-7da3-8c20-c736db82a7c5.jsonl'), 'utf8'),
    );
    const found = images(t);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'data', mediaType: 'image/png' });
    const { src, bytes } = found[0] as { src: string; bytes: number };
    expect(src).toMatch(/^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]+=*$/);
    expect(bytes).toBeGreaterThan(1000);
  });

  it('what is no image source: another media type, text that is not base64, a javascript: or file: URL', () => {
    expect(imageSource({ type: 'image_url', image_url: { url: 'data:text/html;base64,PHNjcmlwdD4=' } })).toBeUndefined();
    expect(imageSource({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: '<script>alert(1)</script>' } })).toBeUndefined();
    expect(imageSource({ type: 'image_url', image_url: { url: 'javascript:alert(1)' } })).toEqual({ kind: 'reference', text: 'javascript:alert(1)' });
    expect(imageSource({ type: 'image', url: 'file:///etc/passwd' })).toEqual({ kind: 'reference', text: 'file:///etc/passwd' });
    expect(imageSource(42)).toBeUndefined();
  });

  it('base64url and line-wrapped base64 become a data: URL a browser reads', () => {
    const t = transcriptOf({
      model: 'claude',
      max_tokens: 1,
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/jpeg', data: `${JPEG.replaceAll('/', '_').slice(0, 40)}\n${JPEG.replaceAll('/', '_').slice(40)}` },
            },
          ],
        },
      ],
    });
    expect(images(t)).toEqual([inline('image/jpeg', JPEG)]);
  });

  it('leaves a large image out of the detail (and says how large), and sends it when asked', () => {
    const big = PNG.slice(0, -2) + 'A'.repeat(Math.ceil((DETAIL_IMAGE_BYTES * 4) / 3) + 8);
    const t = transcriptOf({
      model: 'claude',
      max_tokens: 1,
      messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: big } }] }],
    });
    const detail = buildDetail(t, 0);
    expect(detail.blocks[0]?.image).toEqual({ kind: 'omitted', mediaType: 'image/png', bytes: expect.any(Number) as number });
    expect((detail.blocks[0]?.image as { bytes: number }).bytes).toBeGreaterThan(DETAIL_IMAGE_BYTES);
    expect(JSON.stringify(detail.blocks).length).toBeLessThan(500);
    expect(imageData(t.messages[0]!, 0)).toBe(`data:image/png;base64,${big}`);
    expect(() => imageData(t.messages[0]!, 5)).toThrow('holds no inline image');
  });

  it('caps the inline images of one detail in all: past 4 MB the rest are left out too', () => {
    const image = PNG.slice(0, -2) + 'A'.repeat(Math.floor((900_000 * 4) / 3));
    const content = Array.from({ length: 6 }, () => ({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: image } }));
    const t = transcriptOf({ model: 'claude', max_tokens: 1, messages: [{ role: 'user', content }] });
    expect(buildDetail(t, 0).blocks.map((block) => block.image?.kind)).toEqual(['data', 'data', 'data', 'data', 'omitted', 'omitted']);
  });
});

describe('reasoning blocks', () => {
  const reasoning = (t: Transcript, index: number): DetailBlock[] => buildDetail(t, index).blocks.filter((block) => block.kind === 'reasoning');

  it('Anthropic thinking keeps its text; redacted_thinking is marked redacted', async () => {
    const t = transcriptOf({
      model: 'claude',
      max_tokens: 1,
      messages: [
        { role: 'user', content: 'Think.' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Let me add 2 and 2. That makes 4.', signature: 'sig' },
            { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIw' },
            { type: 'text', text: 'Four.' },
          ],
        },
      ],
    });
    const count = await loadTokenCounter();
    const blocks = buildDetail(t, 1, count).blocks;
    expect(blocks.map((block) => [block.kind, block.type, block.hidden])).toEqual([
      ['reasoning', 'thinking', undefined],
      ['reasoning', 'redacted_thinking', 'redacted'],
      ['text', 'text', undefined],
    ]);
    expect(blocks[0]).toMatchObject({ text: 'Let me add 2 and 2. That makes 4.', tokens: { counted: count('Let me add 2 and 2. That makes 4.') } });
    expect(blocks[0]!.tokens!.counted).toBeGreaterThan(5);
    // Redacted: no text to count, and Anthropic reports no reasoning tokens.
    expect(blocks[1]!.tokens).toBeUndefined();
    // The text block's text is the detail's text, not sent twice.
    expect(blocks[2]!.text).toBeUndefined();
  });

  it('OpenAI Responses: encrypted reasoning is marked encrypted, and takes the reasoning tokens the usage reports', () => {
    const t = transcriptOf({
      object: 'response',
      id: 'resp_1',
      model: 'o4-mini',
      status: 'completed',
      output: [
        { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAAAABo-encrypted' },
        { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'Done.', annotations: [] }] },
      ],
      usage: {
        input_tokens: 10,
        output_tokens: 300,
        total_tokens: 310,
        output_tokens_details: { reasoning_tokens: 256 },
        input_tokens_details: { cached_tokens: 0 },
      },
    });
    expect(t.format).toBe('openai-responses');
    const ai = t.messages.findIndex((m) => m.role === 'ai');
    expect(reasoning(t, ai)).toEqual([{ kind: 'reasoning', type: 'reasoning', hidden: 'encrypted', tokens: { reported: 256 } }]);
  });

  it('a real Claude Code session (fixtures/real/codemie-code): its thinking blocks, with their text and counts', async () => {
    const t = transcriptOf(readFileSync(join(import.meta.dirname, '../../fixtures/real/codemie-code/claude-code-session-9eda1058.jsonl'), 'utf8'));
    expect(t.format).toBe('claude-code');
    const count = await loadTokenCounter();
    const thinking = t.messages.flatMap((_, i) => buildDetail(t, i, count).blocks.filter((block) => block.kind === 'reasoning'));
    expect(thinking.length).toBeGreaterThanOrEqual(2);
    for (const block of thinking) {
      expect(block).toMatchObject({ type: 'thinking', text: expect.any(String) as string });
      expect(block.hidden).toBeUndefined();
      expect(block.tokens?.counted).toBeGreaterThan(10);
    }
    expect(thinking[0]!.text).toMatch(/^The user wants to explore more of the current repository/);
  });
});
