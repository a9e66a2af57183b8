// The sample histories in fixtures/ (docs/FORMATS.md, "Sample histories in fixtures") as the adapters
// should normalize them, written by hand so core tests do not depend on the adapters.
import { ai, build, call, human, system, tool, usage } from './messages';

/** weather-orphan.openai.json */
export const weatherOrphan = build(
  system('You are a weather assistant. Use the tools to look up the weather.'),
  human("What's the weather in Beijing and Hangzhou today?", { sourceType: 'user' }),
  ai({
    sourceType: 'assistant',
    toolCalls: [
      call('call_00_nUD2NC9QRN5Cg1GaoIkBJQ4s', 'get_weather', {
        args: { location: 'Beijing' },
        argsText: '{"location": "Beijing"}',
      }),
      call('call_01_jD3phD5PEaIZf0mVLhKt0861', 'get_weather', {
        args: '{"location": "Hangzhou"',
        argsText: '{"location": "Hangzhou"',
        error: "Expected ',' or '}' after property value in JSON at position 23",
      }),
    ],
  }),
  tool('call_00_nUD2NC9QRN5Cg1GaoIkBJQ4s', { status: undefined, text: '{"temp": 25, "weather": "sunny"}' }),
  human('And tomorrow?', { sourceType: 'user' }),
  tool('call_01_jD3phD5PEaIZf0mVLhKt0861', { status: undefined, text: '{"temp": 19, "weather": "rain"}' }),
  tool('call_abc123', { status: undefined, text: '{"temp": 22}' }),
);

/** tool-error-retry.langchain.json */
export const toolErrorRetry = build(
  system('You are an order assistant.', { id: 'sys_1' }),
  human('帮我下一个订单', { id: 'h_1', name: 'User_A' }),
  ai({
    id: 'ai_1',
    model: 'gpt-5.4-mini-2026-03-17',
    toolCalls: [call('call_order_1', 'create_order', { args: { sku: '20240601', qty: 1 } })],
    invalidToolCalls: [
      call('call_bad_2', 'get_weather', {
        args: '{"city": "Beijing"',
        argsText: '{"city": "Beijing"',
        error: 'Function get_weather arguments:\n\n{"city": "Beijing"\n\nare not valid JSON.',
        invalid: true,
      }),
    ],
    usage: usage(2677, 179, 2856, { cacheRead: 2304, reasoning: 83 }),
  }),
  tool('call_order_1', {
    id: 't_1',
    name: 'create_order',
    status: 'error',
    text: '{"status": "error", "error_type": "api_rate_limit", "summary": "Order service rate limited: at most 10 calls a minute"}',
  }),
  ai({
    id: 'ai_2',
    toolCalls: [call('call_order_2', 'create_order', { args: { sku: '20240601', qty: 1 } })],
    usage: usage(2950, 40, 2990),
  }),
  tool('call_order_2', { id: 't_2', name: 'create_order', text: '{"status": "success"}' }),
  ai({ id: 'ai_3', text: '订单 20240601 已创建成功，金额 299.00 元，预计明日送达。', usage: usage(3100, 35, 3135) }),
);

/** redis-logs.langchain.json */
export const redisLogs = build(
  system('你是一款群聊智能助手。', { id: 'sys_config_001', name: 'Global_Safety_Layer' }),
  human('帮我查一下咱们群昨天的 Redis 运行日志，好像有报错？', { id: 'human_msg_101', name: 'User_Xiaoming' }),
  ai({
    id: 'ai_reasoning_201',
    name: 'MemoEcho_Brain_Core',
    model: 'deepseek-chat',
    text: '我已经为您定位到群聊日志流，现在我需要调用数据库工具进行交叉验证...',
    toolCalls: [call('call_db_001', 'query_group_logs', { args: { service: 'redis', level: 'ERROR', days: 1 } })],
    usage: usage(350, 80, 430),
  }),
  tool('call_db_001', { id: 'tool_reply_301', name: 'query_group_logs', text: '存在 3 条 Redis 连接超时告警。' }),
  ai({ id: 'ai_final_401', model: 'deepseek-chat', text: '小明，我查到咱们群昨天确实有 3 条 Redis 连接超时告警。', usage: usage(620, 65, 685) }),
);
