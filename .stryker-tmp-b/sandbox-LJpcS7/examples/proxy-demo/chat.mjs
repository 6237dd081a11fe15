// @ts-nocheck
// A three-call agent conversation over the OpenAI-compatible chat API, as any client sends it.
// Call 3 puts the time into the system prompt, the most common way real harnesses break
// their prompt cache. Usage: node examples/proxy-demo/chat.mjs <base URL> [model]
const [base, model = 'deepseek-chat'] = process.argv.slice(2);
if (base === undefined) {
  console.error('usage: node examples/proxy-demo/chat.mjs <base URL> [model]');
  process.exit(2);
}
const rules = 'Answer in one line. Prefer reading a file to guessing its contents. '.repeat(12);
const messages = [
  { role: 'system', content: `You are a careful coding agent. ${rules}` },
  { role: 'user', content: 'Why does the build fail?' },
];

async function call() {
  const response = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.API_KEY ?? 'sk-demo'}` },
    body: JSON.stringify({ model, stream: true, stream_options: { include_usage: true }, messages }),
  });
  let text = '';
  for (const line of (await response.text()).split('\n')) {
    if (line.startsWith('data: {')) text += JSON.parse(line.slice(6)).choices?.[0]?.delta?.content ?? '';
  }
  return text;
}

messages.push({ role: 'assistant', content: await call() }, { role: 'user', content: 'Fix it.' });
messages.push({ role: 'assistant', content: await call() }, { role: 'user', content: 'Run the tests.' });
messages[0] = { role: 'system', content: `${messages[0].content} Now: ${new Date(Date.UTC(2026, 10, 30, 12)).toISOString()}.` };
await call();
