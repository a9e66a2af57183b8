import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Command } from './args';
import { describeImportError, importInput, type CliInput } from './check';
import { pickConversation } from './conversation';
import { nodeRawDeflate } from './shareCodec';
import { encodeInlinePayload } from '../core/share/payload';
import { fillStandaloneTemplate, STANDALONE_TEMPLATE_FILE } from '../core/share/standaloneHtml';
import { findSecrets } from '../core/secrets';

// `msgscope convert FILE|- --to html [-o OUT]`: the single HTML file (docs/SHARING.md, "One HTML file"). Unlike
// the other targets it converts no messages: the file carries the input's bytes exactly as read (an archive too),
// and the page in it reads them as the app reads the file, so the recipient sees the same findings.

export const HTML_TARGET = 'html';
export const HTML_TARGET_LABEL = 'a single HTML file: the app and the whole input, opened from file:// without a network';

type ConvertCommand = Extract<Command, { kind: 'convert' }>;

export interface HtmlIo {
  stdout(text: string): void | Promise<void>;
  stderr(text: string): void;
  readStdin(): Promise<string | Uint8Array>;
  /** The built app's directory, which holds the template. */
  appDir: string;
}

/** The template the build wrote beside the app, or the message that says it is missing. */
function readTemplate(appDir: string): string | Error {
  const path = join(appDir, STANDALONE_TEMPLATE_FILE);
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return new Error(`msgscope: the single-file app is not built (no ${path}); run \`npm run build\` (npm ci does it for you).\n`);
  }
}

/** The input's possible secrets, as a warning: the HTML file carries them to whoever gets it. */
function secretsWarning(input: CliInput, output: string): string {
  const texts = input.files ? input.files.map((file) => file.text) : [input.text()];
  const hits = texts.flatMap((text) => findSecrets(text));
  if (hits.length === 0) return '';
  const listed = hits.slice(0, 10).map((hit) => `  ${hit.kind}: ${hit.masked}\n`);
  const more = hits.length > listed.length ? `  … and ${hits.length - listed.length} more\n` : '';
  return `msgscope: warning: ${output} carries ${hits.length} possible secret${hits.length === 1 ? '' : 's'}; \`msgscope redact\` writes the input without them:\n${listed.join('')}${more}`;
}

/** The conversation `--conversation` names, as the view's `c=N` (from 1; none for the first), or the message that lists those there are. */
function conversationView(input: CliInput, wanted: string | undefined, source: string): string | Error {
  const result = importInput(input, undefined);
  if (!result.ok) return new Error(describeImportError(source, result.error));
  const picked = pickConversation(result, wanted, source);
  if (typeof picked === 'string') return new Error(picked);
  const position = (result.conversations ?? []).findIndex((conversation) => conversation.transcript === picked.transcript);
  return position > 0 ? `c=${position + 1}` : '';
}

/** Writes the HTML file; `readInput` is how the CLI reads input for the other targets, and checks it the same way here. */
export async function runConvertHtml<Io extends HtmlIo>(
  command: ConvertCommand,
  io: Io,
  readInput: (file: string, io: Io) => Promise<CliInput | Error>,
): Promise<number> {
  const fail = (message: string): 2 => {
    io.stderr(message);
    return 2;
  };
  if (command.format !== undefined) {
    return fail('msgscope: --format does not go into an HTML file: the page in it detects the format itself (its *Read as* chooses another).\n');
  }
  const template = readTemplate(io.appDir);
  if (template instanceof Error) return fail(template.message);
  const stdin = command.file === '-';
  const source = stdin ? 'stdin' : command.file;
  let bytes: Uint8Array;
  try {
    const read = stdin ? await io.readStdin() : readFileSync(command.file);
    bytes = typeof read === 'string' ? new TextEncoder().encode(read) : read;
  } catch (error) {
    return fail(`msgscope: cannot read ${command.file}: ${(error as Error).message}\n`);
  }
  // Read as for any other target, so that a file msgscope cannot open is refused here rather than in the page.
  const input = await readInput(command.file, { ...io, readStdin: () => Promise.resolve(bytes) });
  if (input instanceof Error) return 2;
  const view = conversationView(input, command.conversation, source);
  if (view instanceof Error) return fail(view.message);
  const name = stdin ? undefined : basename(command.file);
  const payload = await encodeInlinePayload(bytes, name === undefined ? {} : { name }, nodeRawDeflate);
  const html = fillStandaloneTemplate(template, { payload, view, ...(name !== undefined && { name }) });
  if (typeof html !== 'string') return fail(`msgscope: ${join(io.appDir, STANDALONE_TEMPLATE_FILE)}: ${html.error} Run \`npm run build\` again.\n`);
  const { output } = command;
  if (output === undefined) await io.stdout(html);
  else {
    try {
      await writeFile(output, html);
    } catch (error) {
      return fail(`msgscope: cannot write ${output}: ${(error as Error).message}\n`);
    }
  }
  io.stderr(secretsWarning(input, output ?? 'the HTML file'));
  return 0;
}
