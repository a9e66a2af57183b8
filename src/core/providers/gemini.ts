// What Gemini's generateContent answers to a broken history.
import type { Rejection } from '../model';

export const geminiResponseNotAfterCall: Rejection = {
  target: 'gemini',
  error: 'Please ensure that function response turn comes immediately after a function call turn.',
};

export const geminiResponseCount: Rejection = {
  target: 'gemini',
  error: 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
};

/** docs/FORMATS.md, "Gemini": only the start of this Gemini 3 error is quoted. */
export const geminiMissingThoughtSignature: Rejection = {
  target: 'gemini',
  error: 'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly…',
};
