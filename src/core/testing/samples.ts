// Samples quoted verbatim from the sources in docs/FORMATS.md that more than one test reads.

/**
 * docs/FORMATS.md, "LangChain": Python messages_to_dict output from langchain-core 1.2.6, of the run whose
 * repr() is fixtures/formats/langchain-repr/fault.txt.
 */
export const STORED_1A = `[
 {"type": "system", "data": {"content": "You are helpful.", "additional_kwargs": {}, "response_metadata": {}, "type": "system", "name": null, "id": null}},
 {"type": "human",  "data": {"content": "What is 2+2?", "additional_kwargs": {}, "response_metadata": {}, "type": "human", "name": null, "id": "h1"}},
 {"type": "ai", "data": {
   "content": "", "additional_kwargs": {"refusal": null},
   "response_metadata": {"model_name": "gpt-4o", "finish_reason": "tool_calls"},
   "type": "ai", "name": null, "id": "lc_run--abc-0",
   "tool_calls": [{"name": "add", "args": {"a": 2, "b": 2}, "id": "call_1", "type": "tool_call"}],
   "invalid_tool_calls": [{"type": "invalid_tool_call", "id": "call_2", "name": "mul", "args": "{bad", "error": "bad json"}],
   "usage_metadata": {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15,
                      "input_token_details": {"cache_read": 3}, "output_token_details": {"reasoning": 2}}}},
 {"type": "tool", "data": {"content": "4", "additional_kwargs": {}, "response_metadata": {}, "type": "tool", "name": "add", "id": null,
   "tool_call_id": "call_1", "artifact": null, "status": "success"}},
 {"type": "tool", "data": {"content": "err", "additional_kwargs": {}, "response_metadata": {}, "type": "tool", "name": null, "id": null,
   "tool_call_id": "call_2", "artifact": {"x": 1}, "status": "error"}}
]`;
