// The costs the real files report, read by their adapters, counted by hand from the files (fixtures/real/SOURCES.md).
import { describe, expect, it } from 'vitest';
import claudeAgentSdk from '../../../fixtures/real/claude-agent-sdk-gleam/basic_query.ndjson?raw';
import microsoftAgent from '../../../fixtures/real/langfuse/microsoft-agent-2025-12-17.trace.json?raw';
import openaiAgents from '../../../fixtures/real/langfuse/openai-agents-2025-09-30.trace.json?raw';
import pydanticAi from '../../../fixtures/real/langfuse/pydantic-ai-tools-2025-12-04.trace.json?raw';
import vercelAiSdk from '../../../fixtures/real/langfuse/vercel-aisdk-2025-11-17.trace.json?raw';
import harbor from '../../../fixtures/real/phoenix/harbor_openhands.json?raw';
import sweAgentTest from '../../../fixtures/real/swe-agent/6e44b9__sweagenttestrepo-1c2844.traj?raw';
import pydicom from '../../../fixtures/real/swe-agent/pydicom__pydicom-1458.traj?raw';
import anyAgent from '../../../fixtures/real/any-agent/openai-agents.trace.json?raw';
import { importText } from '../import';
import type { Message } from '../model';
import { computeCost } from './computeCost';

function read(text: string) {
  const result = importText(text);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

/** Every conversation's messages, in file order. */
const allMessages = (text: string): Message[] => {
  const result = read(text);
  return (result.conversations?.map((c) => c.transcript) ?? [result.transcript]).flatMap((t) => t.messages);
};

/** The reported costs, smallest first: the file lists observations in no particular order. */
const costs = (text: string) =>
  allMessages(text)
    .flatMap((m) => (m.usage?.cost === undefined ? [] : [m.usage.cost]))
    .sort((a, b) => a - b);

describe('costs the histories report', () => {
  it("Langfuse: each GENERATION's costDetails.total on the message it answered", () => {
    // Two GENERATIONs, 0.000402 and 0.00023; the Responses objects they hold carry the usage, the observation the cost.
    expect(costs(openaiAgents)).toEqual([0.00023, 0.000402]);
    const cost = computeCost(allMessages(openaiAgents));
    expect(cost).toMatchObject({ usd: expect.closeTo(0.000632, 12), estimated: false, unpriced: [] });
    expect(cost.byModel).toEqual([{ model: 'gpt-4.1-2025-04-14', usd: expect.closeTo(0.000632, 12), estimated: false, messages: 2, reported: 2, unpriced: 0 }]);
  });

  it('Langfuse: only model calls are counted, not the agent observation around them', () => {
    // GENERATIONs 0.00019125 and 0.000094; the AGENT invoke_agent's 0.000371 is its children's total, not a call.
    expect(costs(microsoftAgent)).toEqual([0.000094, 0.00019125]);
    // ai.generateText (0.0004475) is the SDK's operation around ai.generateText.doGenerate (0.000927499999): left out.
    expect(costs(vercelAiSdk)).toEqual([0.000927499999]);
  });

  it('Langfuse: a trace of two conversations reports each call once', () => {
    expect(costs(pydanticAi)).toEqual([0.000061049999, 0.00008355, 0.0000837, 0.00009435]);
  });

  it("ATIF: each step's metrics.cost_usd, and final_metrics.total_cost_usd for the run", () => {
    const result = read(harbor);
    expect(costs(harbor)).toEqual([0.0006000000000000001, 0.00075]);
    expect(result.transcript.reportedCost).toBe(0.00135);
    // The steps name no model: their reported cost needs none.
    expect(computeCost(result.transcript.messages, { reportedCost: 0.00135 })).toEqual({
      usd: 0.00135,
      estimated: false,
      runReported: true,
      byModel: [{ model: 'unknown', usd: expect.closeTo(0.00135, 12), estimated: false, messages: 2, reported: 2, unpriced: 0 }],
      unpriced: [],
    });
  });

  it("Claude Agent SDK: the result line's total_cost_usd, for the run", () => {
    const result = read(claudeAgentSdk);
    expect(result.transcript.reportedCost).toBe(0.1354875);
    // The assistant message's usage reports no cost of its own.
    expect(costs(claudeAgentSdk)).toEqual([]);
  });

  it('SWE-agent: info.model_stats.instance_cost, for the run; its messages report no usage', () => {
    expect(read(pydicom).transcript.reportedCost).toBe(1.26719);
    expect(read(sweAgentTest).transcript.reportedCost).toBe(0.019520000000000006);
    expect(computeCost(read(pydicom).transcript.messages, { reportedCost: 1.26719 })).toEqual({
      usd: 1.26719,
      estimated: false,
      runReported: true,
      byModel: [],
      unpriced: [],
    });
  });

  it("any-agent's cost_prompt / cost_completion are not read: every call's completion cost is 0 with output tokens reported", () => {
    expect(costs(anyAgent)).toEqual([]);
    expect(read(anyAgent).transcript.reportedCost).toBeUndefined();
  });
});
