/**
 * The e2e conversation: a shop clerk with a long catalogue in its system prompt (long
 * enough to span dozens of DeepSeek cache units and pass OpenAI's and Anthropic's
 * 1024-token minimum), three deterministic local tools, and two turns whose prompts
 * make a real model call them. Its built-in script is what the simulator answers when
 * it has no scenario: the replies a model following the prompts would give, computed
 * from the same tools and catalogue, so the simulated conversation is coherent.
 */
// @ts-nocheck

import type { JsonObject } from '../log/index.ts';
import type { ScriptedReply, Tool } from '../loop/index.ts';
import type { Provider } from '../wire/index.ts';

interface Item {
  readonly sku: string;
  readonly name: string;
  readonly pack: number;
  readonly price: number;
  readonly shelf: string;
}

const MATERIALS = ['steel', 'brass', 'zinc-plated', 'stainless', 'nylon', 'galvanised', 'black oxide'];
const PARTS = ['hex bolt', 'wood screw', 'wall plug', 'washer', 'hinge', 'angle bracket', 'cable tie', 'wing nut', 'rivet', 'shelf pin', 'threaded rod', 'eye hook'];

/** 120 catalogue lines, a pure function of their index. */
export const CATALOGUE: readonly Item[] = Array.from({ length: 120 }, (_, i) => ({
  sku: `HW-${1000 + 7 * i}`,
  name: `${MATERIALS[i % MATERIALS.length]} ${PARTS[(i * 5) % PARTS.length]} M${3 + (i % 10)}×${10 * (1 + (i % 9))}`,
  pack: 10 * (1 + (i % 6)),
  price: Math.round(100 * (1.5 + ((i * 37) % 230) / 10)) / 100,
  shelf: `aisle ${1 + (i % 8)}, bay ${String.fromCharCode(65 + (i % 6))}`,
}));

const E2E_SYSTEM = [
  'You are the counter clerk of Brennan & Daughters, a hardware shop. You answer staff questions about stock and prices.',
  'Rules:',
  '- Prices are per pack, in euros, VAT included. Quote them exactly as the catalogue gives them.',
  '- The stock figures you once had are a month old: always ask the stock_level tool for current counts.',
  '- Never do arithmetic in your head: use the multiply and add tools, then report their results.',
  '- Answer in one or two plain sentences.',
  '',
  'Catalogue (SKU | item | pack size | price per pack | location):',
  ...CATALOGUE.map((item) => `${item.sku} | ${item.name} | ${item.pack} pcs | ${item.price.toFixed(2)} EUR | ${item.shelf}`),
].join('\n');

/**
 * The system prompt of a run. It opens with the run's session id so that a run reads
 * nothing another wrote beyond the tool definitions (DeepSeek and OpenAI render them
 * first, so runs share them): a mutant's reads are its own, not the reference's warm cache.
 */
export const e2eSystem = (session: string): string => `Session ${session}.\n${E2E_SYSTEM}`;

/** Current stock of a SKU: a fixed function of its digits. */
function stockOf(sku: string): { readonly backRoom: number; readonly shopFloor: number } {
  const n = Number(sku.replace(/\D/g, '')) || 0;
  return { backRoom: (n * 7) % 53, shopFloor: (n * 3) % 17 };
}

const cents = (n: number) => Math.round(n * 100) / 100;
const json = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });
const args = (text: string): JsonObject => JSON.parse(text === '' ? '{}' : text) as JsonObject;

/** The model each provider's e2e run talks to unless told otherwise. */
export const E2E_MODELS: Readonly<Record<Provider, string>> = { deepseek: 'deepseek-v4-flash', openai: 'gpt-4.1-mini', anthropic: 'claude-sonnet-4-5' };

export const E2E_TOOLS: readonly Tool[] = [
  {
    spec: { name: 'stock_level', description: 'Current packs of a SKU in the back room and on the shop floor.', parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] } },
    run: (a) => json({ sku: args(a)['sku'], ...stockOf(String(args(a)['sku'])) }),
  },
  {
    spec: { name: 'multiply', description: 'a × b, rounded to cents.', parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
    run: (a) => json({ result: cents(Number(args(a)['a']) * Number(args(a)['b'])) }),
  },
  {
    spec: { name: 'add', description: 'The sum of numbers, rounded to cents.', parameters: { type: 'object', properties: { numbers: { type: 'array', items: { type: 'number' } } }, required: ['numbers'] } },
    run: (a) => json({ result: cents(((args(a)['numbers'] ?? []) as number[]).reduce((s, n) => s + Number(n), 0)) }),
  },
];

const [first, second] = [CATALOGUE[3]!, CATALOGUE[8]!];
const ORDER = [[first, 40], [second, 25]] as const;

export const E2E_PROMPTS: readonly string[] = [
  `A customer wants ${ORDER.map(([item, packs]) => `${packs} packs of ${item.sku}`).join(' and ')}. How many packs of each do we hold, back room and shop floor together? Check current stock with the stock_level tool.`,
  'What do those packs cost together at the catalogue prices? Use multiply for each line and add for the total.',
];

const totals = ORDER.map(([item]) => stockOf(item.sku).backRoom + stockOf(item.sku).shopFloor);
const lines = ORDER.map(([item, packs]) => cents(packs * item.price));
const call = (name: string, value: unknown) => ({ name, arguments: JSON.stringify(value) });

/** The simulator's default scenario: what a model following the prompts replies, step by step. */
export const E2E_SCRIPT: readonly ScriptedReply[] = [
  { toolCalls: ORDER.map(([item]) => call('stock_level', { sku: item.sku })) },
  { text: ORDER.map(([item], i) => `${item.sku}: ${totals[i]} packs in the shop`).join('; ') + '.' },
  { toolCalls: ORDER.map(([item, packs]) => call('multiply', { a: packs, b: item.price })) },
  { toolCalls: [call('add', { numbers: lines })] },
  { text: `Together they cost ${cents(lines[0]! + lines[1]!).toFixed(2)} EUR (${lines.map((l) => l.toFixed(2)).join(' + ')}).` },
];
