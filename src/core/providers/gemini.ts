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

/**
 * docs/FORMATS.md, "Gemini": `name` is the call's function name. The answer also gives a position, whose
 * meaning no report pins down, so it is left as "…".
 */
export const geminiMissingThoughtSignature = (name: string): Rejection => ({
  target: 'gemini',
  error: `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position …. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
});

/** docs/FORMATS.md, "Gemini": `contents` is the request's list; `n` the position of the empty one in it. */
export const geminiEmptyParts = (n: number): Rejection => ({
  target: 'gemini',
  error: `* GenerateContentRequest.contents[${n}].parts: contents.parts must not be empty.`,
});

/**
 * docs/FORMATS.md, "Gemini": no report quotes what Gemini answers to a functionResponse part in a
 * "model" turn in the middle of `contents`; one that ends `contents` leaves a request ending on a model
 * turn, which Vertex AI answers with the text quoted.
 */
export const geminiResponseInModelTurn = (path: string, endsRequest: boolean): Rejection => ({
  target: 'gemini',
  error: endsRequest
    ? 'Requests ending with a model turn are not supported.'
    : `${path}: a functionResponse part in a "model" turn (no verbatim error text on record: function responses go back in a "user" turn)`,
});
