import type { ProviderTarget } from '../../core/model';

/**
 * The built-in samples, in public/samples: short English histories in the formats people bring, each showing a
 * problem msgscope is for. The first opens on a first visit. src/ui/load/samples.test.ts holds each to exactly the
 * findings listed here, and docs/FORMATS.md ("Built-in samples") says what each is made of.
 */
export interface Sample {
  file: string;
  /** What it is, in the Samples menu. */
  title: string;
  /** The format, as the header names it (its label, and ` request` for a provider's request body). */
  format: string;
  /** The problem it shows, in one line. */
  problem: string;
  /** The rule ids of its findings, in the order the checks report them. */
  findings: readonly string[];
  /** The targets whose verdict is ✗. */
  rejectedBy: readonly ProviderTarget[];
}

export const SAMPLES: readonly [Sample, ...Sample[]] = [
  {
    file: 'orphaned-call.langchain.json',
    title: 'Support agent: an orphaned tool call',
    format: 'LangChain stored messages',
    problem: 'The run paused on cancel_order for approval, and the user’s next message was added instead of its result: OpenAI rejects the history.',
    findings: ['orphan-tool-call'],
    rejectedBy: ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'langgraph'],
  },
  {
    file: 'failed-tool-retry.gemini-cli.json',
    title: 'Coding agent: a failing tool and its retry',
    format: 'Gemini CLI session',
    problem: 'An edit finds nothing (the file is indented with tabs); the agent reads the file and retries.',
    findings: ['tool-error'],
    rejectedBy: [],
  },
  {
    file: 'parallel-out-of-order.openai.json',
    title: 'Billing bot: parallel calls answered out of order',
    format: 'OpenAI Chat Completions request',
    problem: 'The slower of two parallel calls is answered after the user’s next message: OpenAI, Anthropic and Gemini reject it.',
    findings: ['tool-results-not-adjacent'],
    rejectedBy: ['openai-chat', 'anthropic', 'gemini'],
  },
  {
    file: 'unsigned-thinking.anthropic.json',
    title: 'CI fix: a thinking block without its signature',
    format: 'Anthropic Messages request',
    problem: 'The last turn was rebuilt from a stream without its signature: Anthropic rejects the request.',
    findings: ['thinking-missing-signature'],
    rejectedBy: ['anthropic'],
  },
];

/** Opened on a first visit, and when the history kept from the last visit is gone. */
export const DEFAULT_SAMPLE: Sample = SAMPLES[0];

/** The sample `file` names, or undefined when it is none of this build's (a kept name from an older one). */
export const sampleNamed = (file: string | undefined): Sample | undefined => SAMPLES.find((sample) => sample.file === file);
