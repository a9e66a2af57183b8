// What the OpenAI Responses API answers to a broken history, quoted by the rules with the history's ids.
import type { Rejection } from '../model';

export const openaiResponsesMissingOutput = (id: string): Rejection => ({
  target: 'openai-responses',
  error: `No tool output found for function call ${id}.`,
});

export const openaiResponsesMissingCall = (id: string): Rejection => ({
  target: 'openai-responses',
  error: `No tool call found for function call output with call_id ${id}.`,
});
